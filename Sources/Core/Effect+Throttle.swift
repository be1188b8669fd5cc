extension Effect {
  /// This effect, run at most once per `interval` among the effects throttled with the same
  /// `id`.
  ///
  /// The first effect runs at once and opens a window of `interval`. Effects throttled during
  /// the window wait for its end, when one of them runs, the last one if `latest` is `true`,
  /// else the first one, and opens the next window; the others never run.
  ///
  /// ```swift
  /// @Dependency(\.clock) var clock
  /// ...
  /// case let .scrolled(offset):
  ///   state.offset = offset
  ///   return .send(.loadVisibleRows)
  ///     .throttle(id: CancelID.load, for: .milliseconds(500), clock: clock, latest: true)
  /// ```
  ///
  /// Which of the two happens is decided when the store starts the effect, from `clock`'s
  /// `now`: pass the `\.clock` dependency so that a test drives the windows with a
  /// `TestClock`. Each store keeps its own windows, one per feature instance, id and clock:
  /// two rows of a `forEach` throttling with the same `id` have a window each, and so do two
  /// stores. The effect is registered under `id`, so `.cancel(id:)` stops it, waiting or
  /// running; cancelling does not reopen the window, but the next effect throttled after it is
  /// not dropped for the cancelled one: it runs when the window ends.
  ///
  /// - Parameters:
  ///   - id: The throttle's id; also the effect's cancellation id.
  ///   - interval: The shortest time between two effects that run.
  ///   - clock: The clock that measures the windows, usually the `\.clock` dependency.
  ///   - latest: Whether a window ends with its last effect (`true`) or its first (`false`).
  /// - Returns: The throttled effect; `.none` stays `.none` and opens no window.
  public func throttle(
    id: some Hashable & Sendable, for interval: Duration, clock: any Clock<Duration>,
    latest: Bool
  ) -> Self {
    if isNone { return self }
    return Self(
      operation: .throttle(
        Throttle(id: HashableValue(id), interval: interval, clock: clock, latest: latest), self))
  }
}
