/// One iteration of a benchmark case, and the check of what the iterations did, for cases
/// whose target times two of them in alternating samples (see `BenchmarkRun.compare`). The
/// check holds the case's subscriptions, so that they live as long as the case.
struct TimedCase {
  let operation: () -> Void
  let check: () -> Void
}
