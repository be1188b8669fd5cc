import Core
import CoreTesting
import Testing

/// The test store, `reportIssue` outside any store, and a live store's runtime issue, under
/// Swift Testing: a failure is an issue at the caller's line (the reducer's, for a live store).
/// The other failure-path tests keep their expected failures from the runner
/// (`recordedIssues`); these go through it, and so show in `swift test`'s output as its three
/// known issues.
@MainActor
@Suite struct SwiftTestingReportingTests {
  @Test func knownIssuesReachSwiftTesting() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    let line = #line + 3
    let recorded = Locked<[Issue]>([])
    await withKnownIssue("An expected failure, reported to Swift Testing") {
      await store.send(.incrementTapped) { $0.count = 2 }
    } matching: { issue in
      recorded.withLock { $0.append(issue) }
      return true
    }
    let issues = recorded.withLock { $0 }
    #expect(issues.count == 1)
    #expect(issues.first?.sourceLocation?.line == line)
    #expect(issues.first?.sourceLocation?.fileID == #fileID)
    #expect(issues.first?.comments.first?.rawValue.contains("- count: 2") == true)
  }

  @Test func reportIssueOutsideAnyStoreReachesSwiftTesting() {
    let line = #line + 3
    let recorded = Locked<[Issue]>([])
    withKnownIssue("An expected failure, reported to Swift Testing") {
      reportIssue("Reported by the test itself, outside any store.")
    } matching: { issue in
      recorded.withLock { $0.append(issue) }
      return true
    }
    let issues = recorded.withLock { $0 }
    #expect(issues.count == 1)
    #expect(issues.first?.sourceLocation?.line == line)
    #expect(issues.first?.sourceLocation?.fileID == #fileID)
    #expect(
      issues.first?.comments.first?.rawValue == "Reported by the test itself, outside any store.")
  }

  @Test func aLiveStoresIssueReachesSwiftTesting() {
    let store = Store(initialState: NumberStack.State()) { NumberStack() }
    let recorded = Locked<[Issue]>([])
    withKnownIssue("An expected failure, reported to Swift Testing") {
      store.send(.path(.element(id: 3, action: .bump)))
    } matching: { issue in
      recorded.withLock { $0.append(issue) }
      return true
    }
    let issues = recorded.withLock { $0 }
    #expect(issues.count == 1)
    #expect(issues.first?.sourceLocation?.fileID == "CoreTestingTests/StackIDTests.swift")
    #expect(issues.first?.comments.first?.rawValue.contains("A 'forEach' at") == true)
  }
}
