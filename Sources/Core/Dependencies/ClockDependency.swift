extension DependencyValues {
  /// The clock that effects wait on: `ContinuousClock` in a live ``Store``.
  ///
  /// Read it with ``Dependency`` and sleep on it instead of calling `Task.sleep`, so that tests
  /// control time:
  ///
  /// ```swift
  /// struct SearchFeature: Reducer {
  ///   @Dependency(\.clock) var clock
  ///
  ///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
  ///     switch action {
  ///     case let .queryChanged(query):
  ///       state.query = query
  ///       return .run { send in
  ///         try await clock.sleep(for: .milliseconds(300))
  ///         await send(.searchDebounced)
  ///       }
  ///       .cancellable(id: CancelID.search, cancelInFlight: true)
  ///     ...
  /// ```
  ///
  /// A test sets it to a clock it controls: `TestClock` (from `CoreTesting`), which only moves
  /// when the test calls `advance(by:)`, or ``ImmediateClock``, which never waits. Under a
  /// `TestStore` a clock the test did not set reports a test failure the first time it is used
  /// (and then waits in real time).
  public var clock: any Clock<Duration> {
    get { self[ClockKey.self] }
    set { self[ClockKey.self] = newValue }
  }
}

/// The key of ``DependencyValues/clock``.
enum ClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = ContinuousClock()
  static var testValue: any Clock<Duration> { UnimplementedClock() }
}
