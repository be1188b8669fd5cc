import Testing

@testable import Core

/// A parent's `.cancel(id:)` reaches the effects its presented and stacked children, and
/// theirs, started under that id; siblings never cancel each other's.
@MainActor
@Suite struct ParentCancellationTests {
  struct Parent: Reducer {
    struct State: Equatable, Sendable {
      @PresentationState var presenter: Presenter.State? = nil
      @PresentationState var worker: Worker.State? = nil
      var path = StackState<Worker.State>()
    }
    enum Action: Equatable, Sendable {
      case presenter(PresentationAction<Presenter.Action>)
      case worker(PresentationAction<Worker.Action>)
      case path(StackAction<Worker.State, Worker.Action>)
      case stopTapped
    }
    let gate: EffectGate

    var body: some Reducer<State, Action> {
      Reduce { _, action in
        action == .stopTapped ? .cancel(id: Worker.CancelID.work) : .none
      }
      .ifLet(\.$presenter, action: Action.presenter) { Presenter(gate: gate) }
      .ifLet(\.$worker, action: Action.worker) { Worker(gate: gate) }
      .forEach(\.path, action: Action.path) { Worker(gate: gate) }
    }
  }

  private func makeStore(gate: EffectGate) -> Store<Parent.State, Parent.Action> {
    Store(
      initialState: Parent.State(
        presenter: Presenter.State(worker: Worker.State(id: 1)), worker: Worker.State(id: 2),
        path: StackState([Worker.State(id: 3), Worker.State(id: 4)]))
    ) {
      Parent(gate: gate)
    }
  }

  @Test func aParentsCancelReachesPresentedStackedAndNestedChildren() async {
    let gate = EffectGate()
    let store = makeStore(gate: gate)
    let screen = store.state.path.ids[0]
    let tasks = [
      store.send(.presenter(.presented(.worker(.presented(.start))))),
      store.send(.worker(.presented(.start))),
      store.send(.path(.element(id: screen, action: .start))),
    ]
    store.send(.stopTapped)
    gate.open()
    for task in tasks { await task.finish() }
    #expect(store.state.presenter?.worker?.ticks == 0)
    #expect(store.state.worker?.ticks == 0)
    #expect(store.state.path[id: screen]?.ticks == 0)
  }

  @Test func aScreensCancelLeavesItsSiblingsAndItsParentsEffects() async {
    let gate = EffectGate()
    let store = makeStore(gate: gate)
    let (first, second) = (store.state.path.ids[0], store.state.path.ids[1])
    let tasks = [
      store.send(.path(.element(id: first, action: .start))),
      store.send(.path(.element(id: second, action: .start))),
      store.send(.worker(.presented(.start))),
    ]
    store.send(.path(.element(id: first, action: .stop)))
    gate.open()
    for task in tasks { await task.finish() }
    #expect(store.state.path[id: first]?.ticks == 0)
    #expect(store.state.path[id: second]?.ticks == 1)
    #expect(store.state.worker?.ticks == 1)
  }
}
