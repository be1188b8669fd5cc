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
  ///
  /// case let .scrolled(offset):
  ///   state.offset = offset
  ///   return .send(.loadVisibleRows)
  ///     .throttle(id: CancelID.load, for: .milliseconds(500), clock: clock, latest: true)
  /// ```
  ///
  /// Which of the two happens is decided when the reducer returns the effect, from `clock`'s
  /// `now`: pass the `\.clock` dependency so that a test drives the windows with a
  /// `TestClock`. The windows are kept with the dependencies: each test store has its own,
  /// and live stores created without overrides share theirs. The effect is registered under
  /// `id`, so `.cancel(id:)` stops it, waiting or running; cancelling does not reopen the
  /// window.
  ///
  /// > Important: Unlike cancellation ids, a throttle's window is not local to a child
  /// > instance: the elements of a `forEach` that throttle with the same `id` share one window.
  /// > To throttle each element on its own, put the element's id in the throttle's id
  /// > (`.throttle(id: LoadID(row: row.id), ...)`).
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
    return throttle(id: id, for: interval, clock: clock, latest: latest)
  }

  private func throttle<ID: Hashable & Sendable, C: Clock<Duration>>(
    id: ID, for interval: Duration, clock: C, latest: Bool
  ) -> Self {
    let now = clock.now
    let key = CancelID(id)
    let decision = DependencyValues.current.scope.throttleWindows.withLock {
      windows -> ThrottleDecision<C.Instant> in
      guard let start = windows[key] as? C.Instant, now < start.advanced(by: interval) else {
        windows[key] = now
        return .runNow
      }
      // A window's start in the future is the time an effect is already waiting for.
      if start > now { return latest ? .replaceWaiting(at: start) : .drop }
      let end = start.advanced(by: interval)
      windows[key] = end
      return .wait(until: end)
    }
    switch decision {
    case .runNow:
      return cancellable(id: id)
    case .drop:
      return .none
    case let .wait(until: deadline), let .replaceWaiting(at: deadline):
      let isReplacing = if case .replaceWaiting = decision { true } else { false }
      return delayed { try? await clock.sleep(until: deadline, tolerance: nil) }
        .cancellable(id: ThrottleWaitID(id: key), cancelInFlight: isReplacing)
        .cancellable(id: id)
    }
  }
}

/// What a throttled effect does, decided when it is created.
private enum ThrottleDecision<Instant> {
  /// No window is open: run now and open one.
  case runNow
  /// An effect already waits for the window's end and `latest` is `false`.
  case drop
  /// A window is open and nothing waits for its end: wait for it.
  case wait(until: Instant)
  /// An effect already waits for `at` and `latest` is `true`: take its place.
  case replaceWaiting(at: Instant)
}

/// The cancellation id of the effect waiting for a throttle window to end, apart from the
/// throttle's own id so that replacing it does not cancel an effect that already runs.
private struct ThrottleWaitID: Hashable, Sendable {
  let id: CancelID
}
