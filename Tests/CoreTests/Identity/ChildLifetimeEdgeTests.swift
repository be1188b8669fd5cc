import Testing

@testable import Core

/// Where a child's identity does not change, its effects live on: a row that moves, a
/// destination replaced by one with the same id, a screen below a pushed one.
@MainActor
@Suite struct ChildLifetimeEdgeTests {
  struct Rows: Reducer {
    struct State: Equatable, Sendable {
      var rows = IdentifiedArray<Worker.State>()
      @PresentationState var worker: Worker.State? = nil
      var path = StackState<Worker.State>()
    }
    enum Action: Equatable, Sendable {
      case row(id: Int, action: Worker.Action)
      case worker(PresentationAction<Worker.Action>)
      case path(StackAction<Worker.State, Worker.Action>)
      case reverse
      case replaceWorker(id: Int)
      case push(id: Int)
      case removeAndReadd(id: Int)
    }
    let gate: EffectGate

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .reverse:
          state.rows.reverse()
        case let .replaceWorker(id):
          state.worker = Worker.State(id: id)
        case let .push(id):
          state.path.append(Worker.State(id: id))
        case let .removeAndReadd(id):
          if let row = state.rows.remove(id: id) { state.rows.append(row) }
        case .row, .worker, .path:
          break
        }
        return .none
      }
      .forEach(\.rows, action: Action.row) { Worker(gate: gate) }
      .ifLet(\.$worker, action: Action.worker) { Worker(gate: gate) }
      .forEach(\.path, action: Action.path) { Worker(gate: gate) }
    }
  }

  func makeStore(_ gate: EffectGate) -> Store<Rows.State, Rows.Action> {
    Store(
      initialState: Rows.State(
        rows: IdentifiedArray([Worker.State(id: 1), Worker.State(id: 2), Worker.State(id: 3)]),
        worker: Worker.State(id: 9), path: StackState([Worker.State(id: 5)]))
    ) { Rows(gate: gate) }
  }

  @Test func aRowThatMovesKeepsItsWork() async {
    let gate = EffectGate()
    let store = makeStore(gate)
    let task = store.send(.row(id: 2, action: .start))
    store.send(.reverse)
    store.send(.row(id: 1, action: .tick))
    gate.open()
    await task.finish()
    #expect(store.state.rows[id: 2]?.ticks == 1)
    #expect(store.state.rows.map(\.id) == [3, 2, 1])
  }

  @Test func aRowRemovedAndAddedBackInOneActionKeepsItsWork() async {
    let gate = EffectGate()
    let store = makeStore(gate)
    let task = store.send(.row(id: 2, action: .start))
    store.send(.removeAndReadd(id: 2))
    store.send(.row(id: 1, action: .tick))
    gate.open()
    await task.finish()
    #expect(store.state.rows.map(\.id) == [1, 3, 2])
    #expect(store.state.rows[id: 2]?.ticks == 1)
  }

  @Test func aDestinationReplacedByOneWithTheSameIDKeepsItsWork() async {
    let gate = EffectGate()
    let store = makeStore(gate)
    let task = store.send(.worker(.presented(.start)))
    store.send(.replaceWorker(id: 9))
    gate.open()
    await task.finish()
    #expect(store.state.worker?.ticks == 1)
  }

  @Test func aScreenBelowAPushedOneKeepsItsWork() async {
    let gate = EffectGate()
    let store = makeStore(gate)
    let bottom = store.state.path.ids[0]
    let task = store.send(.path(.element(id: bottom, action: .start)))
    store.send(.push(id: 6))
    let top = store.state.path.ids[1]
    store.send(.path(.element(id: top, action: .tick)))
    gate.open()
    await task.finish()
    #expect(store.state.path[id: bottom]?.ticks == 1)
    #expect(store.state.path[id: top]?.ticks == 1)
  }
}
