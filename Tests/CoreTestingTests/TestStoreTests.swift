import Core
import CoreTesting
import Testing

@MainActor
@Suite struct TestStoreTests {
  // MARK: Passing tests

  @Test func sendAssertsTheStateChange() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.incrementTapped) { $0.count = 1 }
    await store.send(.incrementTapped) { $0.count += 1 }
    #expect(store.state.count == 2)
    await store.finish()
  }

  @Test func receiveAssertsFeedbackAndItsStateChange() async {
    let store = TestStore(initialState: Counter.State(count: 3)) {
      Counter()
    } withDependencies: {
      $0.number = NumberClient { $0 * 2 }
    }
    await store.send(.fetchTapped)
    await store.receive(.fetched(6)) { $0.fetched = 6 }
    await store.finish()
  }

  @Test func sendEffectIsReceivedAtOnce() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.echoTapped)
    // Delivered within `send`: no waiting needed.
    await store.receive(.echoed, timeout: .zero) { $0.count = 10 }
  }

  @Test func receiveByPredicateAndByCase() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.number = NumberClient { _ in 7 }
    }
    await store.send(.fetchTapped)
    await store.receive({ if case .fetched = $0 { true } else { false } }) {
      $0.fetched = 7
    }
    await store.send(.fetchTapped)
    await store.receive(Counter.Action.fetched)
  }

  @Test func dependenciesCanChangeBetweenSteps() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.number = NumberClient { _ in 1 }
    }
    await store.send(.fetchTapped)
    await store.receive(.fetched(1)) { $0.fetched = 1 }
    store.dependencies.number = NumberClient { _ in 2 }
    await store.send(.fetchTapped)
    await store.receive(.fetched(2)) { $0.fetched = 2 }
  }

  @Test func cancellingTheReturnedTaskEndsALongLivingEffect() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.clock = clock
    }
    let task = await store.send(.timerStartTapped) { $0.isTimerRunning = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.timerTicked) { $0.count = 1 }
    task.cancel()
    await store.finish()
  }

  @Test func aTestMayEndRightAfterCancellingAnEffect() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.timerStartTapped) { $0.isTimerRunning = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.timerTicked) { $0.count = 1 }
    await store.send(.timerStopTapped) { $0.isTimerRunning = false }
    // No `finish()`: the release checks find nothing left over.
  }

  @Test func aTestMayEndRightAfterCancellingTheTaskOfASend() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.clock = TestClock()
    }
    let task = await store.send(.timerStartTapped) { $0.isTimerRunning = true }
    task.cancel()
  }

  @Test func aTestMayEndRightAfterItsLastReceive() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.number = NumberClient { _ in 3 }
    }
    await store.send(.fetchTapped)
    await store.receive(.fetched(3)) { $0.fetched = 3 }
  }

  // MARK: Each mistake is reported once, at the caller's line

  @Test func wrongStateExpectationShowsAMinimalDiff() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    let line = #line + 2
    let issues = await recordedIssues {
      await store.send(.incrementTapped) { $0.count = 2 }
    }
    expectOneIssue(
      issues, atLine: line,
      containing: [
        "State after 'send(.incrementTapped)' does not match the expectation",
        "(- expected, + actual)", "  - count: 2\n  + count: 1",
      ])
    #expect(issues.first?.message.contains("fetched") == false)
  }

  @Test func diffNamesTheNestedFieldThatDiffers() async {
    var initial = Counter.State()
    initial.entries = [.init(value: 0), .init(value: 1)]
    let store = TestStore(initialState: initial) { Counter() }
    let line = #line + 2
    let issues = await recordedIssues {
      await store.send(.noteChanged(index: 1, note: "new")) { $0.entries[1].note = "old" }
    }
    expectOneIssue(
      issues, atLine: line,
      containing: [
        "send(.noteChanged(index: 1, note: \"new\"))",
        "- entries[1].note: \"old\"\n  + entries[1].note: \"new\"",
      ])
  }

  @Test func unassertedStateChangeIsReported() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    let line = #line + 2
    let issues = await recordedIssues {
      await store.send(.incrementTapped)
    }
    expectOneIssue(
      issues, atLine: line,
      containing: [
        "State changed after 'send(.incrementTapped)', but no change was asserted",
        "- count: 0", "+ count: 1",
      ])
  }

  @Test func throwingAssertionIsReported() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    let line = #line + 2
    let issues = await recordedIssues {
      await store.send(.incrementTapped) { _ in throw CounterError.boom }
    }
    expectOneIssue(issues, atLine: line, containing: ["threw an error: boom"])
  }

  @Test func unexpectedReceivedActionIsReported() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.number = NumberClient { _ in 42 }
    }
    await store.send(.fetchTapped)
    let line = #line + 2
    let issues = await recordedIssues {
      await store.receive(.fetched(41)) { $0.fetched = 41 }
    }
    expectOneIssue(
      issues, atLine: line,
      containing: ["Received '.fetched(42)', but expected '.fetched(41)'."])
    await store.finish()
  }

  @Test func receiveByCaseReportsAnotherCase() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.echoTapped)
    let line = #line + 2
    let issues = await recordedIssues {
      await store.receive(Counter.Action.fetched)
    }
    expectOneIssue(
      issues, atLine: line,
      containing: ["Received '.echoed', but expected an action of the given case (payload 'Int')"])
  }

  @Test func sendingWithUnassertedReceivedActionsIsReported() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.echoTapped)
    let line = #line + 2
    let issues = await recordedIssues {
      await store.send(.incrementTapped) { $0.count = 11 }
    }
    expectOneIssue(
      issues, atLine: line,
      containing: [
        "'send(.incrementTapped)' was called while 1 action received from effects was not",
        "  .echoed",
      ])
    await store.receive(.echoed) { $0.count = 10 }
    await store.finish()
  }

  @Test func missingReceivedActionTimesOut() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.timerStartTapped) { $0.isTimerRunning = true }
    let line = #line + 2
    let issues = await recordedIssues {
      await store.receive(.timerTicked, timeout: .milliseconds(50)) { $0.count = 1 }
    }
    expectOneIssue(
      issues, atLine: line,
      containing: [
        "Expected to receive '.timerTicked' within 0.05 seconds, but no action was received.",
        "send(.timerStartTapped)", "advance the 'TestClock'",
      ])
    await store.send(.timerStopTapped) { $0.isTimerRunning = false }
    await store.finish()
  }

  @Test func missingReceivedActionWithNoEffectRunningIsReported() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.incrementTapped) { $0.count = 1 }
    let line = #line + 2
    let issues = await recordedIssues {
      await store.receive(.echoed, timeout: .seconds(60))
    }
    expectOneIssue(
      issues, atLine: line,
      containing: ["Expected to receive '.echoed', but no action was received and no effect"])
  }

  @Test func unassertedReceivedActionFailsAtFinish() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.echoTapped)
    let line = #line + 2
    let issues = await recordedIssues {
      await store.finish()
    }
    expectOneIssue(
      issues, atLine: line,
      containing: ["1 action received from effects was not asserted at 'finish()'", ".echoed"])
  }

  @Test func effectStillRunningFailsAtFinishAtTheLineThatStartedIt() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.clock = clock
    }
    let line = #line + 2
    let issues = await recordedIssues {
      await store.send(.timerStartTapped) { $0.isTimerRunning = true }
      await store.finish(timeout: .milliseconds(50))
    }
    expectOneIssue(
      issues, atLine: line,
      containing: [
        "An effect started by 'send(.timerStartTapped)' was still running at 'finish()'"
      ])
  }

  @Test func releasedStoreReportsAnUnassertedReceivedAction() async {
    let line = #line + 1
    var store: TestStore<Counter.State, Counter.Action>? = TestStore(
      initialState: Counter.State()
    ) { Counter() }
    let issues = await recordedIssues {
      await store?.send(.echoTapped)
      store = nil
    }
    expectOneIssue(
      issues, atLine: line,
      containing: [
        "1 action received from effects was not asserted when the test store was released",
        ".echoed",
      ])
  }

  @Test func releasedStoreReportsARunningEffectAndCancelsIt() async {
    let clock = TestClock()
    var store: TestStore<Counter.State, Counter.Action>? = TestStore(
      initialState: Counter.State()
    ) {
      Counter()
    } withDependencies: {
      $0.clock = clock
    }
    let line = #line + 2
    let issues = await recordedIssues {
      let task = await store?.send(.timerStartTapped) { $0.isTimerRunning = true }
      store = nil
      await task?.finish()  // returns: the effect was cancelled
    }
    expectOneIssue(
      issues, atLine: line,
      containing: [
        "An effect started by 'send(.timerStartTapped)' was still running when the test "
          + "store was released"
      ])
  }

  @Test func finishReportsOnlyOnceNotAgainOnRelease() async {
    var store: TestStore<Counter.State, Counter.Action>? = TestStore(
      initialState: Counter.State()
    ) { Counter() }
    let issues = await recordedIssues {
      await store?.send(.echoTapped)
      await store?.finish()
      store = nil
    }
    #expect(issues.count == 1)
  }

  // MARK: Dependencies

  @Test func unimplementedDependencyIsReportedOncePerStoreNamingIt() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    let line = #line + 2
    let issues = await recordedIssues {
      await store.send(.fetchTapped)
      await store.receive(.fetched(0)) { $0.fetched = 0 }
      await store.send(.fetchTapped)
      await store.receive(.fetched(0))
    }
    expectOneIssue(
      issues, atLine: line,
      containing: ["Dependency 'NumberClientKey' has no 'testValue'", "$0[NumberClientKey.self]"])
  }

  /// Sleeps an hour on `\.clock` while on, so that real time can never tick it under load.
  struct HourTimer: Reducer {
    @Dependency(\.clock) var clock

    func reduce(into isOn: inout Bool, action turnOn: Bool) -> Effect<Bool> {
      isOn = turnOn
      guard turnOn else { return .cancel(id: "hour") }
      return .run { _ in try await clock.sleep(for: .seconds(3_600)) }
        .cancellable(id: "hour", cancelInFlight: true)
    }
  }

  @Test func unimplementedClockIsReportedNamingTheFix() async {
    let store = TestStore(initialState: false) { HourTimer() }
    let line = #line + 2
    let issues = await recordedIssues {
      await store.send(true) { $0 = true }
      await store.send(false) { $0 = false }
      await store.finish()
    }
    expectOneIssue(
      issues, atLine: line,
      containing: ["Dependency '\\.clock' has no test value", "$0.clock = TestClock()"])
  }

  @Test func unhandledEffectErrorIsReportedAtTheSend() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    let line = #line + 2
    let issues = await recordedIssues {
      await store.send(.failTapped)
      await store.finish()
    }
    expectOneIssue(
      issues, atLine: line, containing: ["threw an unhandled error: boom", "Counter.swift"])
  }

  @Test func storeUsesTestValuesAndOuterOverrides() async {
    let store = withDependencies {
      $0.number = NumberClient { _ in 5 }
    } operation: {
      TestStore(initialState: Counter.State()) { Counter() }
    }
    await store.send(.fetchTapped)
    await store.receive(.fetched(5)) { $0.fetched = 5 }
  }

  // MARK: Exhaustivity off

  @Test func exhaustivityOffChecksOnlyWhatIsAsserted() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.clock = clock
      $0.number = NumberClient { $0 + 100 }
    }
    store.exhaustivity = .off
    await store.send(.echoTapped)  // `.echoed` is never received: skipped
    await store.send(.entryAdded) { $0.entries = [.init(value: 10)] }  // count not asserted
    await store.send(.timerStartTapped)
    await clock.advance(by: .seconds(2))
    await store.receive(.timerTicked) { $0.count = 11 }
    await store.send(.fetchTapped)  // the second tick is skipped
    await store.receive(.fetched(112)) { $0.fetched = 112 }
    await store.finish(timeout: .milliseconds(50))  // the timer is still running: skipped
  }

  @Test func exhaustivityOffStillCatchesAWrongAssertion() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    store.exhaustivity = .off
    let line = #line + 2
    let issues = await recordedIssues {
      await store.send(.incrementTapped) { $0.count = 5 }
    }
    expectOneIssue(issues, atLine: line, containing: ["- count: 5", "+ count: 1"])
  }

  @Test func exhaustivityOffReceiveFailsWhenTheActionNeverComes() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    store.exhaustivity = .off
    await store.send(.echoTapped)
    let line = #line + 2
    let issues = await recordedIssues {
      await store.receive(.timerTicked)
    }
    expectOneIssue(
      issues, atLine: line,
      containing: [
        "Expected to receive '.timerTicked'", "Received instead (still pending):", ".echoed",
      ])
  }
}
