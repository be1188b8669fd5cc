import Testing

@testable import Core

/// How effects end: errors, cancellation, and what a long-lived effect keeps.
@MainActor
@Suite struct EffectLifetimeTests {
  struct Failure: Error {}

  @Test func aThrownCancellationErrorIsAQuietEnd() async {
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { _, _ in
        .run { _ in throw CancellationError() }
      }
    }
    let issues = await collectingIssues {
      await store.send(1).finish()
    }
    #expect(issues.isEmpty)
  }

  @Test func aCancelledSleepInsideAnUncancelledEffectIsAQuietEnd() async {
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { _, _ in
        .run { _ in
          let sleeper = Task { try await Task.sleep(for: .seconds(3_600)) }
          sleeper.cancel()
          try await sleeper.value
        }
      }
    }
    let issues = await collectingIssues {
      await store.send(1).finish()
    }
    #expect(issues.isEmpty)
  }

  @Test func otherErrorsAreReported() async {
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { _, _ in .run { _ in throw Failure() } }
    }
    let issues = await collectingIssues {
      await store.send(1).finish()
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("threw an unhandled error: Failure()") == true)
  }
}
