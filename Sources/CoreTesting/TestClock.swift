import Core
import Synchronization

/// A clock that only moves when the test moves it, so that effects that wait on time can be
/// tested without waiting.
///
/// Give it to the feature as its `\.clock` dependency, then `advance` it past the waits you
/// want to end:
///
/// ```swift
/// let clock = TestClock()
/// let store = TestStore(initialState: TimerFeature.State()) {
///   TimerFeature()
/// } withDependencies: {
///   $0.clock = clock
/// }
/// await store.send(.startButtonTapped) { $0.isRunning = true }
/// await clock.advance(by: .seconds(1))
/// await store.receive(.timerTicked) { $0.elapsed = 1 }
/// ```
///
/// A sleep ends when the clock reaches its deadline, or throws `CancellationError` when its task
/// is cancelled. It never ends on its own: an effect waiting on a test clock that the test does
/// not advance is still running at ``TestStore/finish(timeout:fileID:filePath:line:column:)``.
///
/// It lives in `CoreTesting` rather than `Core` because it only makes sense under a test that
/// drives it; in an app, time that never moves would hang every wait. `ImmediateClock`,
/// useful in previews too, is in `Core`.
public final class TestClock: Clock, Sendable {
  /// A point in the clock's time: how long after its start (the same instants as
  /// `ImmediateClock`'s).
  public typealias Instant = ImmediateClock.Instant

  private struct Sleeper {
    let id: UInt64
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct Timeline {
    var now: Instant
    var sleepers: [Sleeper] = []
    var nextID: UInt64 = 0
    /// Sleeps cancelled before they were registered.
    var cancelled: Set<UInt64> = []
  }

  private let timeline: Mutex<Timeline>

  /// Creates a clock whose time starts at `now`.
  public init(now: Instant = Instant()) {
    self.timeline = Mutex(Timeline(now: now))
  }

  /// The current time: where the last `advance` left it.
  public var now: Instant { timeline.withLock { $0.now } }

  /// Zero: the clock resolves any duration.
  public var minimumResolution: Duration { .zero }

  /// Suspends until the clock is advanced to `deadline`; returns at once if it is there already.
  ///
  /// - Throws: `CancellationError` if the task is cancelled while waiting.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = timeline.withLock { timeline in
      timeline.nextID += 1
      return timeline.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let outcome: Result<Bool, any Error> = timeline.withLock { timeline in
          if timeline.cancelled.remove(id) != nil { return .failure(CancellationError()) }
          if deadline <= timeline.now { return .success(true) }
          timeline.sleepers.append(
            Sleeper(id: id, deadline: deadline, continuation: continuation))
          return .success(false)
        }
        switch outcome {
        case .success(true): continuation.resume()
        case .success(false): break
        case let .failure(error): continuation.resume(throwing: error)
        }
      }
    } onCancel: {
      let sleeper = timeline.withLock { timeline -> Sleeper? in
        guard let index = timeline.sleepers.firstIndex(where: { $0.id == id }) else {
          timeline.cancelled.insert(id)
          return nil
        }
        return timeline.sleepers.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves the clock forward by `duration`, waking, in deadline order, every sleep that ends
  /// on the way.
  ///
  /// Each time it wakes sleeps, it lets the woken tasks run (send their actions, start their
  /// next sleep) before moving on, so that advancing by three seconds makes a one-second timer
  /// tick three times. Call `advance()` with no argument to wake sleeps that are already due
  /// and let effects that just started reach their first wait.
  ///
  /// - Parameters:
  ///   - duration: How far to move; must not be negative.
  ///   - fileID: The file of the call, for failures.
  ///   - filePath: The file path of the call, for XCTest.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func advance(
    by duration: Duration = .zero,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await advance(
      to: now.advanced(by: duration), fileID: fileID, filePath: filePath, line: line,
      column: column)
  }

  /// Moves the clock forward to `deadline`, waking, in deadline order, every sleep that ends
  /// on the way.
  ///
  /// - Parameters:
  ///   - deadline: Where to move; must not be earlier than ``now``.
  ///   - fileID: The file of the call, for failures.
  ///   - filePath: The file path of the call, for XCTest.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func advance(
    to deadline: Instant,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let now = now
    guard deadline >= now else {
      TestFailure.record(
        """
        'TestClock.advance' was asked to move time backwards, from \(now.offset) to \
        \(deadline.offset); the clock did not move.

        To fix, advance by a positive duration, or to an instant after 'now'.
        """,
        at: Core.SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
      return
    }
    // Let effects that just started reach their first sleep, and after each wake-up let the
    // woken ones act (send an action, start their next sleep) before time moves on.
    await Scheduling.letOtherTasksRun()
    while let due = wakeNextSleepers(notAfter: deadline) {
      for sleeper in due { sleeper.continuation.resume() }
      await Scheduling.letOtherTasksRun()
    }
  }

  /// Moves time to the earliest sleep deadline not after `deadline` and removes the sleepers
  /// due then; when none is left, moves time to `deadline` and returns `nil`.
  private func wakeNextSleepers(notAfter deadline: Instant) -> [Sleeper]? {
    timeline.withLock { timeline in
      guard
        let next = timeline.sleepers.map(\.deadline).min(), next <= deadline
      else {
        timeline.now = max(timeline.now, deadline)
        return nil
      }
      timeline.now = max(timeline.now, next)
      let due = timeline.sleepers.filter { $0.deadline <= next }
      timeline.sleepers.removeAll { $0.deadline <= next }
      return due
    }
  }
}
