import Core
import CoreTesting
import Testing

/// Overriding a dependency that has no `testValue` is not a use of its live value.
@MainActor
@Suite struct DependencyOverrideTests {
  @Test func aReducersDependencyModifierReplacesAValueWithoutReadingIt() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter().dependency(\.number, NumberClient { $0 + 40 })
    }
    await store.send(.incrementTapped) { $0.count = 1 }
    await store.send(.fetchTapped)
    await store.receive(.fetched(41)) { $0.fetched = 41 }
  }

  @Test func changingOnePropertyOfADependencyInWithDependenciesIsNotAUse() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.number.fetch = { $0 + 7 }
    }
    await store.send(.fetchTapped)
    await store.receive(.fetched(7)) { $0.fetched = 7 }
  }

  @Test func changingOnePropertyOfADependencyOnTheStoreIsNotAUse() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    let reported = Locked<[String]>([])
    IssueReporting.$override.withValue(
      IssueReporter { message, _ in reported.withLock { $0.append(message) } }
    ) {
      store.dependencies.number.fetch = { $0 + 3 }
    }
    #expect(reported.withLock { $0 } == [])
    await store.send(.fetchTapped)
    await store.receive(.fetched(3)) { $0.fetched = 3 }
  }

  @Test func usingADependencyWithNoTestValueIsStillReported() async {
    let issues = await recordedIssues {
      let store = TestStore(initialState: Counter.State()) { Counter() }
      await store.send(.fetchTapped)
      await store.receive(.fetched(0)) { $0.fetched = 0 }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("NumberClientKey") == true)
  }
}
