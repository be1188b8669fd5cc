import Core
import CoreTesting
import Testing

@Suite struct TestClockTests {
  /// What sleeping tasks did, in order.
  final class Log: Sendable {
    private let entries = Locked<[String]>([])
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
  }

  /// Yields until `isReady`, then a few more times, so that a task that could go on does.
  private func letTheTaskRun(until isReady: () -> Bool) async {
    while !isReady() { await Task.yield() }
    for _ in 0..<100 { await Task.yield() }
  }

  @Test func sleepEndsOnlyWhenTheClockReachesItsDeadline() async throws {
    let clock = TestClock()
    let log = Log()
    let task = Task {
      try await clock.sleep(for: .seconds(1))
      log.append("woke")
    }
    await clock.advance(by: .milliseconds(999))
    #expect(log.all == [])
    await clock.advance(by: .milliseconds(1))
    try await task.value
    #expect(log.all == ["woke"])
    #expect(clock.now == TestClock.Instant(offset: .seconds(1)))
  }

  @Test func advanceWakesSleepsInDeadlineOrderAndStopsAtTheTarget() async {
    let clock = TestClock()
    let log = Log()
    let tasks = [3, 1, 2].map { seconds in
      Task {
        try await clock.sleep(for: .seconds(seconds))
        log.append("\(seconds) at \(clock.now.offset)")
      }
    }
    await clock.advance(by: .seconds(5))
    for task in tasks { try? await task.value }
    #expect(log.all == ["1 at 1.0 seconds", "2 at 2.0 seconds", "3 at 3.0 seconds"])
    #expect(clock.now.offset == .seconds(5))
  }

  @Test func aSleepWhoseDeadlineIsPastReturnsAtOnce() async throws {
    let clock = TestClock(now: TestClock.Instant(offset: .seconds(10)))
    try await clock.sleep(until: TestClock.Instant(offset: .seconds(3)))
    try await clock.sleep(for: .seconds(-1))
    #expect(clock.now.offset == .seconds(10))
  }

  @Test func aSleepOfZeroWaitsForTheNextAdvance() async throws {
    let clock = TestClock(now: TestClock.Instant(offset: .seconds(10)))
    let log = Log()
    let task = Task {
      log.append("sleeping")
      try await clock.sleep(for: .zero)
      log.append("woke")
    }
    await letTheTaskRun(until: { log.all.contains("sleeping") })
    #expect(log.all == ["sleeping"])
    await clock.advance()
    try await task.value
    #expect(log.all == ["sleeping", "woke"])
    #expect(clock.now.offset == .seconds(10))
  }

  @Test func aZeroDelayTimerCanBeCancelledBeforeItFires() async {
    let clock = TestClock()
    let log = Log()
    let task = Task {
      log.append("scheduled")
      try await clock.sleep(until: clock.now)
      log.append("fired")
    }
    await letTheTaskRun(until: { log.all.contains("scheduled") })
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    await clock.advance()
    #expect(log.all == ["scheduled"])
  }

  @Test func aSleepOfZeroStartedDuringAnAdvanceWaitsForTheNextOne() async throws {
    let clock = TestClock()
    let log = Log()
    let task = Task {
      for tick in 1...3 {
        try await clock.sleep(for: .zero)
        log.append("tick \(tick)")
      }
    }
    // Each advance ends one zero sleep; the next one, started during it, waits (a loop of
    // zero sleeps cannot keep one advance going forever).
    await clock.advance()
    #expect(log.all == ["tick 1"])
    await clock.advance()
    #expect(log.all == ["tick 1", "tick 2"])
    await clock.advance(by: .seconds(1))
    try await task.value
    #expect(log.all == ["tick 1", "tick 2", "tick 3"])
  }

  @Test func cancellingASleepingTaskThrowsCancellationError() async {
    let clock = TestClock()
    let task = Task {
      try await clock.sleep(for: .seconds(1))
    }
    await clock.advance()  // the task is asleep now
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func sleepingInACancelledTaskThrowsAtOnce() async {
    let clock = TestClock()
    let task = Task {
      unsafe withUnsafeCurrentTask { unsafe $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func advancingBackwardsIsReportedAndDoesNotMove() async {
    let clock = TestClock(now: TestClock.Instant(offset: .seconds(2)))
    let line = #line + 2
    let issues = await recordedIssues {
      await clock.advance(to: TestClock.Instant(offset: .seconds(1)))
    }
    expectOneIssue(issues, atLine: line, containing: ["move time backwards"])
    #expect(clock.now.offset == .seconds(2))
  }

  @Test func immediateClockJumpsToEachDeadline() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(for: .seconds(5))
    try await clock.sleep(for: .seconds(1))
    #expect(clock.now.offset == .seconds(6))
    try await clock.sleep(until: ImmediateClock.Instant(offset: .seconds(2)))
    #expect(clock.now.offset == .seconds(6))
  }

  @Test func immediateClockStillHonoursCancellation() async {
    let clock = ImmediateClock()
    let task = Task {
      unsafe withUnsafeCurrentTask { unsafe $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.now.offset == .zero)
  }
}
