import Core
import CoreTesting
import Synchronization
import Testing

@Suite struct TestClockTests {
  /// What sleeping tasks did, in order.
  final class Log: Sendable {
    private let entries = Mutex<[String]>([])
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
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

  @Test func aSleepThatIsDueReturnsAtOnce() async throws {
    let clock = TestClock(now: TestClock.Instant(offset: .seconds(10)))
    try await clock.sleep(until: TestClock.Instant(offset: .seconds(3)))
    try await clock.sleep(for: .zero)
    #expect(clock.now.offset == .seconds(10))
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
      withUnsafeCurrentTask { $0?.cancel() }
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
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.now.offset == .zero)
  }
}
