import Core
import CoreTesting
import Testing

/// A feature that can dismiss itself, with a timer that runs until it is cancelled.
struct SelfDismissingSheet: Reducer {
  enum Action: Equatable, Sendable {
    case timerStarted
    case ticked
    case closeTapped
    case noteTapped
  }

  @Dependency(\.clock) var clock
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .timerStarted:
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.ticked)
        }
      }
    case .ticked, .noteTapped:
      state += 1
      return .none
    case .closeTapped:
      return .run { [dismiss] _ in await dismiss() }
    }
  }
}

@MainActor
@Suite struct RootDismissalTests {
  @Test func dismissByTheRootFeatureDismissesTheTestStoreAndEndsItsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: 0) {
      SelfDismissingSheet()
    } withDependencies: {
      $0.clock = clock
    }
    let timer = await store.send(.timerStarted)
    await store.send(.closeTapped)
    #expect(timer.isCancelled)
    await clock.advance(by: .seconds(3))
    await store.finish()  // the timer is not left running: the store was dismissed
  }

  @Test func aSendAfterTheRootFeatureDismissedItselfFailsSayingSo() async {
    let store = TestStore(initialState: 0) { SelfDismissingSheet() }
    await store.send(.closeTapped)
    let line = #line + 2
    let issues = await recordedIssues {
      await store.send(.noteTapped)
    }
    expectOneIssue(
      issues, atLine: line,
      containing: [
        "'send(.noteTapped)' was called after the test store was dismissed",
        "'send(.closeTapped)'",
      ])
    #expect(store.state == 0)
  }
}
