/// The ticks of a timer on a clock, every `interval`: what
/// `clock.timer(interval:)` returns.
///
/// A timer effect loops over it instead of sleeping in a loop of its own, and a test moves it
/// with a `TestClock`:
///
/// ```swift
/// case .startButtonTapped:
///   return .run { [clock] send in
///     for await _ in clock.timer(interval: .seconds(1)) {
///       await send(.timerTicked)
///     }
///   }
///   .cancellable(id: CancelID.timer)
/// ```
///
/// Each element is the time from the start of the iteration to the tick: `interval`,
/// `2 * interval`, and so on. The ticks are due at those offsets from the instant the
/// iteration began, so a tick that comes late (a busy process) does not delay the next ones.
/// The sequence ends when its task is cancelled.
public struct ClockTimer: AsyncSequence, Sendable {
  /// The time from the start of the iteration to the tick.
  public typealias Element = Duration
  /// A timer does not fail: it ends when its task is cancelled.
  public typealias Failure = Never

  let interval: Duration
  /// Starts an iteration: returns how to sleep until an offset from its start.
  let start: @Sendable () -> @Sendable (Duration) async throws -> Void

  /// The iterator of a ``ClockTimer``.
  public struct AsyncIterator: AsyncIteratorProtocol {
    /// The time from the start of the iteration to the tick.
    public typealias Element = Duration
    /// A timer does not fail: it ends when its task is cancelled.
    public typealias Failure = Never

    let interval: Duration
    let sleep: @Sendable (Duration) async throws -> Void
    var ticks = 0
    var isFinished = false

    /// Waits for the next tick; `nil` once the task is cancelled.
    public mutating func next() async -> Duration? {
      guard !isFinished else { return nil }
      ticks += 1
      let offset = interval * ticks
      do {
        try await sleep(offset)
        return offset
      } catch {
        isFinished = true
        return nil
      }
    }
  }

  /// Starts the timer: the first tick is due `interval` from now.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(interval: interval, sleep: start())
  }
}

extension Clock where Duration == Swift.Duration {
  /// A timer that ticks every `interval` on this clock, as an asynchronous sequence.
  ///
  /// ```swift
  /// for await _ in clock.timer(interval: .seconds(1)) {
  ///   await send(.timerTicked)
  /// }
  /// ```
  ///
  /// It works on the `\.clock` dependency (an `any Clock<Duration>`): a `TestClock` ticks it
  /// once for each `interval` the test advances, in order.
  ///
  /// - Parameter interval: The time between ticks; positive.
  /// - Returns: The ticks; see ``ClockTimer``.
  public func timer(interval: Duration) -> ClockTimer {
    precondition(
      interval > .zero, "'timer(interval:)' needs a positive interval; it was given \(interval).")
    return ClockTimer(interval: interval) { [self] in
      let start = now
      return { offset in try await sleep(until: start.advanced(by: offset), tolerance: nil) }
    }
  }
}
