import CoreTesting
import Testing

@testable import Core

/// A root state that is one of two features.
private struct Session: Reducer {
  enum State: Equatable, Sendable {
    case active(Counter.State)
    case idle(Counter.State)
  }

  enum Action: Equatable, Sendable {
    case active(Counter.Action)
    case idle(Counter.Action)
    case logOut
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .logOut = action { state = .idle(Counter.State()) }
      return .none
    }
    .ifCaseLet(State.active, action: Action.active) { Counter() }
    .ifCaseLet(State.idle, action: Action.idle) { Counter() }
  }
}

extension NavigationTests {
  @MainActor
  @Suite struct IfCaseLetTests {
    @Test func runsTheChildOfTheCurrentCase() async {
      let store = TestStore(initialState: Session.State.active(Counter.State())) { Session() }
      await store.send(.active(.increment)) { $0 = .active(Counter.State(count: 1)) }
      await store.send(.logOut) { $0 = .idle(Counter.State()) }
      await store.send(.idle(.increment)) { $0 = .idle(Counter.State(count: 1)) }
    }

    @Test func leavingTheCaseCancelsItsEffects() async {
      let clock = TestClock()
      let store = TestStore(initialState: Session.State.active(Counter.State())) {
        Session()
      } withDependencies: {
        $0.clock = clock
      }
      await store.send(.active(.startTimer))
      await clock.advance(by: .seconds(1))
      await store.receive(.active(.tick)) { $0 = .active(Counter.State(count: 1)) }
      await store.send(.logOut) { $0 = .idle(Counter.State()) }
      await clock.advance(by: .seconds(3))
      await store.finish()
    }

    @Test func actionForAnotherCaseIsReported() {
      let store = Store(initialState: Session.State.idle(Counter.State())) { Session() }
      let issues = collectingIssues { store.send(.active(.increment)) }
      #expect(issues.count == 1)
      #expect(issues.first?.contains("'ifCaseLet'") == true)
      #expect(store.state == .idle(Counter.State()))
    }
  }
}
