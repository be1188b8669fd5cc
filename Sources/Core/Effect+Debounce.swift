extension Effect {
  /// This effect, started only once `duration` passed without another effect debounced with
  /// the same `id`: each new one cancels the one waiting before it.
  ///
  /// Use it to act when the user stops typing:
  ///
  /// ```swift
  /// @Dependency(\.clock) var clock
  /// ...
  /// case let .queryChanged(query):
  ///   state.query = query
  ///   return .send(.searchDue)
  ///     .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
  /// ```
  ///
  /// The wait happens on `clock`: pass the `\.clock` dependency so that a test drives it with
  /// a `TestClock` (`await clock.advance(by: .milliseconds(300))`). The effect is registered
  /// under `id`, so `.cancel(id:)` stops it, waiting or running. Actions the effect sends are
  /// delivered when it runs, after the wait, not within the `send` that returned it; the
  /// effects of an action sent this way (`.send(.searchDue).debounce(...)`) belong to that
  /// action, so a later debounce does not cancel them.
  ///
  /// - Parameters:
  ///   - id: The debounce's id; also the effect's cancellation id.
  ///   - duration: How long to wait for a quieter moment.
  ///   - clock: The clock to wait on, usually the `\.clock` dependency.
  /// - Returns: The debounced effect; `.none` stays `.none` (it does not cancel a waiting one).
  public func debounce(
    id: some Hashable & Sendable, for duration: Duration, clock: any Clock<Duration>
  ) -> Self {
    if isNone { return self }
    return delayed { try? await clock.sleep(for: duration) }
      .cancellable(id: id, cancelInFlight: true)
  }
}
