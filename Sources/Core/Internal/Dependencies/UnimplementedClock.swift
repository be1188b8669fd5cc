/// The test default of ``DependencyValues/clock``: reports that a test used the clock without
/// choosing one, then behaves like `ContinuousClock`, the live value.
struct UnimplementedClock: Clock {
  private let base = ContinuousClock()

  var now: ContinuousClock.Instant {
    report()
    return base.now
  }

  var minimumResolution: Duration { base.minimumResolution }

  func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
    report()
    try await base.sleep(until: deadline, tolerance: tolerance)
  }

  private func report() {
    IssueReporting.report(
      """
      Dependency '\\.clock' has no test value and was used under a test store; \
      real time was used instead.

      To fix, choose a clock in the test: 'withDependencies: { $0.clock = TestClock() }' (from \
      CoreTesting, moved with 'advance(by:)'), or '$0.clock = ImmediateClock()'.
      """)
  }
}
