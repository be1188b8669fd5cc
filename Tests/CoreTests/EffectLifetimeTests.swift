import Testing

@testable import Core

import Foundation

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

  /// A long-lived effect that feeds back one action per message, each starting an effect of
  /// its own: what it keeps must not grow with the number of messages.
  @Test func aLongLivedEffectKeepsOnlyWhatIsRunning() async {
    enum Action: Sendable {
      case listen
      case message(Int)
    }
    let store = Store(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .listen:
          return .run { send in
            for index in 0..<20_000 {
              await send(.message(index))
              if index % 500 == 0 { await Task.yield() }
            }
          }
        case .message:
          state += 1
          return .run { _ in }
        }
      }
    }
    let before = heapInUse()
    await store.send(.listen).finish()
    let growth = heapInUse() - before
    #expect(store.state == 20_000)
    // Keeping every fed-back task cost about 2.4 KB per message (48 MB here).
    // (Resident memory: other tests running meanwhile add noise, well under the bound.)
    if before > 0 { #expect(growth < 16_000_000, "the heap grew by \(growth) bytes") }
  }

  /// The resident memory of the process in bytes, where the platform tells (Linux), else 0.
  private func heapInUse() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
      let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { return 0 }
    return pages * 4_096
  }
}
