import Core

/// A feature whose work waits at a gate and then ticks: its `ticks` say whether the work ran
/// to the end or was cancelled.
struct Worker: Reducer {
  enum CancelID: Hashable, Sendable { case work }

  struct State: Hashable, Identifiable, Sendable {
    var id: Int
    var ticks = 0
  }
  enum Action: Equatable, Sendable {
    case start, stop, tick
    case idChanged(Int)
  }
  let gate: EffectGate

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { [gate] send in
        await gate.wait()
        await send(.tick)
      }
      .cancellable(id: CancelID.work)
    case .stop:
      return .cancel(id: CancelID.work)
    case .tick:
      state.ticks += 1
      return .none
    case let .idChanged(id):
      state.id = id
      return .none
    }
  }
}

/// A feature presenting a ``Worker``: the middle generation of a tree three deep.
struct Presenter: Reducer {
  struct State: Equatable, Sendable {
    @PresentationState var worker: Worker.State? = nil
  }
  enum Action: Equatable, Sendable {
    case worker(PresentationAction<Worker.Action>)
  }
  let gate: EffectGate

  var body: some Reducer<State, Action> {
    Reduce { _, _ in .none }
      .ifLet(\.$worker, action: Action.worker) { Worker(gate: gate) }
  }
}
