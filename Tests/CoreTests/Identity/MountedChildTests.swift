import Testing

@testable import Core

/// A child removed by a reducer that runs outside its `ifLet` or `forEach` (before it, in the
/// same body) has its effects cancelled when the next action goes through that operator: the
/// store remembers which presented and stacked children have work running.
@MainActor
@Suite struct MountedChildTests {
  struct Parent: Reducer {
    struct State: Equatable, Sendable {
      @PresentationState var worker: Worker.State? = Worker.State(id: 1)
      var path = StackState([Worker.State(id: 2)])
      /// The parent closes a child on the very action that starts its work.
      var closesOnStart = false
    }
    enum Action: Equatable, Sendable {
      case worker(PresentationAction<Worker.Action>)
      case path(StackAction<Worker.State, Worker.Action>)
      case closedElsewhere
    }
    let gate: EffectGate

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        if action == .closedElsewhere {
          state.worker = nil
          state.path.removeAll()
        }
        return .none
      }
      Reduce { state, action in
        guard state.closesOnStart else { return .none }
        switch action {
        case .worker(.presented(.start)): state.worker = nil
        case .path(.element(_, .start)): state.path.removeAll()
        default: break
        }
        return .none
      }
      .ifLet(\.$worker, action: Action.worker) { Worker(gate: gate) }
      .forEach(\.path, action: Action.path) { Worker(gate: gate) }
    }
  }

  @Test func aPresentedChildDismissedElsewhereLosesItsEffects() async {
    let gate = EffectGate()
    let store = Store(initialState: Parent.State()) { Parent(gate: gate) }
    let issues = await collectingIssues {
      let work = store.send(.worker(.presented(.start)))
      store.send(.closedElsewhere)
      gate.open()
      await work.finish()
    }
    // Its work was cancelled: no tick arrived for a child that is gone.
    #expect(issues.isEmpty)
    #expect(store.state.worker == nil)
  }

  @Test func aScreenPoppedElsewhereLosesItsEffects() async {
    let gate = EffectGate()
    let store = Store(initialState: Parent.State()) { Parent(gate: gate) }
    let screen = store.state.path.ids[0]
    let issues = await collectingIssues {
      let work = store.send(.path(.element(id: screen, action: .start)))
      store.send(.closedElsewhere)
      gate.open()
      await work.finish()
    }
    #expect(issues.isEmpty)
    #expect(store.state.path.isEmpty)
  }

  @Test func aChildClosedByItsParentOnTheActionThatStartedItsWorkLosesIt() async {
    let gate = EffectGate()
    var state = Parent.State()
    state.closesOnStart = true
    let store = Store(initialState: state) { Parent(gate: gate) }
    let screen = store.state.path.ids[0]
    let issues = await collectingIssues {
      let presented = store.send(.worker(.presented(.start)))
      let stacked = store.send(.path(.element(id: screen, action: .start)))
      gate.open()
      await presented.finish()
      await stacked.finish()
    }
    // Both were cancelled: no tick arrived for a child that is gone.
    #expect(issues.isEmpty)
    #expect(store.state.worker == nil && store.state.path.isEmpty)
  }
}
