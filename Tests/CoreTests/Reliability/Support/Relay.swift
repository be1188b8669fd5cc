@testable import Core

/// A store whose state is the list of values its effects fed back, for effect stress tests.
/// `.trigger(n)` returns the effect the test chooses for `n`; `.received(n)` appends `n`;
/// `.cancel(id)` cancels the effects registered under `id`.
enum Relay {
  enum Action: Equatable, Sendable {
    case trigger(Int)
    case received(Int)
    case cancel(Int)
  }

  @MainActor
  static func store(
    log: ReducedActions<Action> = ReducedActions(),
    effect: @escaping @Sendable (Int) -> Effect<Action>
  ) -> Store<[Int], Action> {
    Store(initialState: [Int]()) {
      Reduce { state, action in
        log.append(action)
        switch action {
        case let .trigger(value):
          return effect(value)
        case let .received(value):
          state.append(value)
          return .none
        case let .cancel(id):
          return .cancel(id: id)
        }
      }
    }
  }

  /// An effect that says it started, waits for `gate`, then sends `.received(value)`;
  /// `cancelled` counts the effects that saw their cancellation.
  static func gated(
    _ value: Int, gate: EffectGate, started: ArrivalCounter, cancelled: ArrivalCounter? = nil
  ) -> Effect<Action> {
    .run { send in
      await withTaskCancellationHandler {
        started.arrive()
        await gate.wait()
      } onCancel: {
        cancelled?.arrive()
      }
      await send(.received(value))
    }
  }
}

/// A list of cells that each load something behind a gate, plus an optional detail cell, for
/// tests of effects outliving their state.
enum Board {
  struct Cell: Equatable, Identifiable, Sendable {
    let id: Int
    var loaded = false
  }

  enum CellAction: Equatable, Sendable {
    case loadTapped
    case loaded
  }

  struct State: Equatable, Sendable {
    var cells: IdentifiedArray<Cell> = []
    var detail: Cell?
  }

  enum Action: Equatable, Sendable {
    case cell(id: Int, action: CellAction)
    case detail(CellAction)
    case cellAdded(Int)
    case cellRemoved(Int)
    case detailShown
    case detailDismissed
  }

  struct CellReducer: Reducer {
    let gate: EffectGate
    let started: ArrivalCounter

    func reduce(into state: inout Cell, action: CellAction) -> Effect<CellAction> {
      switch action {
      case .loadTapped:
        return .run { [gate, started] send in
          started.arrive()
          await gate.wait()
          await send(.loaded)
        }
      case .loaded:
        state.loaded = true
        return .none
      }
    }
  }

  struct BoardReducer: Reducer {
    let gate: EffectGate
    let started: ArrivalCounter

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case let .cellAdded(id): state.cells.append(Cell(id: id))
        case let .cellRemoved(id): state.cells.remove(id: id)
        case .detailShown: state.detail = Cell(id: -1)
        case .detailDismissed: state.detail = nil
        case .cell, .detail: break
        }
        return .none
      }
      .forEach(\.cells, action: Action.cell) { CellReducer(gate: gate, started: started) }
      .ifLet(\.detail, action: Action.detail) { CellReducer(gate: gate, started: started) }
    }
  }
}
