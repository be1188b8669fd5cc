/// A clock whose sleeps end at once: time jumps to each deadline as soon as it is asked for.
///
/// Use it where waiting adds nothing: in a test that does not care how long an effect waits,
/// in previews, or in a demo.
///
/// ```swift
/// let store = Store(initialState: TimerFeature.State()) {
///   TimerFeature()
/// } withDependencies: {
///   $0.clock = ImmediateClock()
/// }
/// ```
///
/// A sleep still throws `CancellationError` when its task is cancelled, and yields to other
/// tasks once, so that an effect looping on the clock stays cancellable.
public final class ImmediateClock: Clock, Sendable {
  /// A point in the clock's time: how long after its start.
  public struct Instant: InstantProtocol, Hashable, Sendable {
    /// The time since the clock's start.
    public let offset: Duration

    /// Creates the instant `offset` after the clock's start.
    public init(offset: Duration = .zero) {
      self.offset = offset
    }

    public func advanced(by duration: Duration) -> Self {
      Self(offset: offset + duration)
    }

    public func duration(to other: Self) -> Duration {
      other.offset - offset
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  private let current: Locked<Instant>

  /// Creates a clock whose time starts at `now`.
  public init(now: Instant = Instant()) {
    self.current = Locked(now)
  }

  /// The current time: the start plus every sleep so far.
  public var now: Instant { current.withLock { $0 } }

  /// Zero: the clock resolves any duration.
  public var minimumResolution: Duration { .zero }

  /// Moves the clock to `deadline` (if it is later than now) and returns.
  ///
  /// - Throws: `CancellationError` if the task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    current.withLock { $0 = max($0, deadline) }
    await Task.yield()
    try Task.checkCancellation()
  }
}
