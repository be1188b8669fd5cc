import Core

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
/// A sleep ends when an `advance` reaches its deadline, or throws `CancellationError` when its
/// task is cancelled. It never ends on its own, not even a sleep of zero: `sleep(for: .zero)`
/// waits for the next `advance()`, so a zero-delay timer fires only when the test lets it, and
/// the test can cancel it first. Only a deadline already in the past returns at once. An effect
/// waiting on a test clock that the test does not advance is still running at
/// ``TestStore/finish(timeout:fileID:filePath:line:column:)``.
///
/// It lives in `CoreTesting` rather than `Core` because it only makes sense under a test that
/// drives it; in an app, time that never moves would hang every wait. `ImmediateClock`,
/// useful in previews too, is in `Core`.
public final class TestClock: Clock, Sendable {
  /// A point in the clock's time: how long after its start (the same instants as
  /// `ImmediateClock`'s).
  public typealias Instant = ImmediateClock.Instant

  struct Sleeper {
    let id: UInt64
    let deadline: Instant
    /// For a sleep whose deadline was `now` when it began: the number of advances that had
    /// started waking sleeps by then. Such a sleep waits for a later advance, so that an effect
    /// sleeping for zero in a loop cannot keep one `advance` going forever.
    let dueAtStart: UInt64?
    let continuation: CheckedContinuation<Void, any Error>
    /// The random session's effect body sleeping here in its own task, if any.
    let owner: EffectBody?

    /// Ends the sleep: notes that its body, if any, woke, then resumes it.
    func wake(throwing error: (any Error)? = nil) {
      noteAwake()
      if let error {
        continuation.resume(throwing: error)
      } else {
        continuation.resume()
      }
    }

    /// Whether the advance numbered `advance` may wake this sleep once time reaches `deadline`.
    func canWake(during advance: UInt64) -> Bool {
      dueAtStart.map { $0 < advance } ?? true
    }
  }

  struct Timeline {
    var now: Instant
    var sleepers: [Sleeper] = []
    var nextID: UInt64 = 0
    /// How many advances have started waking sleeps.
    var advances: UInt64 = 0
    /// Sleeps cancelled before they were registered.
    var cancelled: Set<UInt64> = []
    /// Changes whenever a sleep starts or ends, for random sessions waiting for effects.
    var activity: UInt64 = 0
  }

  let timeline: Locked<Timeline>

  /// Creates a clock whose time starts at `now`.
  public init(now: Instant = Instant()) {
    self.timeline = Locked(Timeline(now: now))
  }

  /// The current time: where the last `advance` left it.
  public var now: Instant { timeline.withLock { $0.now } }

  /// Zero: the clock resolves any duration.
  public var minimumResolution: Duration { .zero }

  /// Suspends until an `advance` takes the clock to `deadline`; returns at once only if
  /// `deadline` is already past.
  ///
  /// A deadline equal to ``now`` (`sleep(for: .zero)`) waits for the next `advance`, even
  /// `advance()` by zero:
  ///
  /// ```swift
  /// let clock = TestClock()
  /// let task = Task { try await clock.sleep(for: .zero) }  // suspends
  /// await clock.advance()  // ends the sleep
  /// try await task.value
  /// ```
  ///
  /// - Throws: `CancellationError` if the task is cancelled while waiting.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let owner = Sleeper.currentOwner
    let id = timeline.withLock { timeline in
      timeline.nextID += 1
      return timeline.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let outcome: Result<Bool, any Error> = timeline.withLock { timeline in
          if timeline.cancelled.remove(id) != nil { return .failure(CancellationError()) }
          if deadline < timeline.now { return .success(true) }
          timeline.sleepers.append(
            Sleeper(
              id: id, deadline: deadline,
              dueAtStart: deadline == timeline.now ? timeline.advances : nil,
              continuation: continuation, owner: owner))
          timeline.activity &+= 1
          // Under the lock: the body counts as asleep before an advance can find the sleep.
          timeline.sleepers.last?.noteAsleep()
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
        timeline.activity &+= 1
        return timeline.sleepers.remove(at: index)
      }
      sleeper?.wake(throwing: CancellationError())
    }
  }

  /// Moves the clock forward by `duration`, waking, in deadline order, every sleep that ends
  /// on the way, including sleeps whose deadline is the current time.
  ///
  /// It wakes one sleep at a time and lets the woken task run (send its actions, start its
  /// next sleep) before waking the next, so that advancing by three seconds makes a one-second
  /// timer tick three times, and sleeps due at the same instant end in the order they began:
  /// two effects that sleep until the same deadline send their actions in the order they
  /// started sleeping. Call `advance()` with no argument to wake sleeps that are due now (such
  /// as `sleep(for: .zero)`) and let effects that just started reach their first wait. A sleep
  /// that starts at the current time while an advance is waking sleeps waits for the next one.
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

  /// Moves the clock forward to `deadline`, waking, in deadline order and one at a time, every
  /// sleep that ends on the way (sleeps due at the same instant in the order they began).
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
    // woken effect act (send an action, start its next sleep) before the next one wakes.
    await Scheduling.letOtherTasksRun()
    let advance = beginAdvance()
    while wakeNextSleeper(notAfter: deadline, during: advance) {
      await Scheduling.letOtherTasksRun()
    }
  }
}

extension TestClock {
  /// Starts an advance, for ``wakeNextSleeper(notAfter:during:)``: sleeps that start at the
  /// current time from now on wait for a later advance.
  func beginAdvance() -> UInt64 {
    timeline.withLock { timeline in
      timeline.advances += 1
      return timeline.advances
    }
  }

  /// Wakes the one sleep due first (the earliest deadline not after `deadline`, the oldest
  /// sleep among equal ones), moving time to its deadline; when none is due, moves time to
  /// `deadline` and returns `false`.
  ///
  /// Sleeps wake one at a time, and the caller lets the woken effect run before waking the
  /// next, so that effects due at the same instant act in the order they started sleeping,
  /// whichever threads run them: ``advance(to:fileID:filePath:line:column:)`` and a random
  /// session's clock steps wake them alike, and a session's handed-back test replays it.
  func wakeNextSleeper(notAfter deadline: Instant, during advance: UInt64) -> Bool {
    let next = timeline.withLock { timeline -> Sleeper? in
      let wakeable = timeline.sleepers.indices.filter {
        timeline.sleepers[$0].canWake(during: advance)
          && timeline.sleepers[$0].deadline <= deadline
      }
      guard
        let index = wakeable.min(by: {
          (timeline.sleepers[$0].deadline, timeline.sleepers[$0].id)
            < (timeline.sleepers[$1].deadline, timeline.sleepers[$1].id)
        })
      else {
        timeline.now = max(timeline.now, deadline)
        return nil
      }
      timeline.now = max(timeline.now, timeline.sleepers[index].deadline)
      timeline.activity &+= 1
      return timeline.sleepers.remove(at: index)
    }
    next?.wake()
    return next != nil
  }
}
