import Core
import CoreTesting
import Testing

/// A child removed by another reducer has its effects ended by the store after the pass; the
/// test store gives those effects their moment to end, as it does after a `.cancel(id:)`, so
/// that a test ending right after the removal does not find them still running.
@MainActor
@Suite struct ChildEndingTests {
  struct Timer: Reducer {
    @Dependency(\.clock) var clock

    enum Action: Equatable { case start }

    func reduce(into state: inout Int, action: Action) -> Effect<Action> {
      .run { _ in try await clock.sleep(for: .seconds(3_600)) }
    }
  }

  struct Parent: Reducer {
    struct State: Equatable {
      var timer: Int? = 0
    }
    enum Action: Equatable {
      case timer(Timer.Action)
      case closedElsewhere
    }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        if action == .closedElsewhere { state.timer = nil }
        return .none
      }
      EmptyReducer().ifLet(\.timer, action: Action.timer) { Timer() }
    }
  }

  @Test func aTestEndingRightAfterAChildIsRemovedElsewhereFindsItsWorkEnded() async {
    let clock = TestClock()
    let issues = await recordedIssues {
      let store = TestStore(initialState: Parent.State()) {
        Parent()
      } withDependencies: {
        $0.clock = clock
      }
      await store.send(.timer(.start))
      await store.send(.closedElsewhere) { $0.timer = nil }
    }
    #expect(issues.isEmpty)
  }
}
