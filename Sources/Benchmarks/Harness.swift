/// Times an operation: warms it up, picks a batch size so that one sample lasts about
/// `sampleDuration`, then takes `sampleCount` samples and keeps the median time per operation.
struct Harness {
  var sampleCount: Int
  var sampleDuration: Duration
  var warmUpDuration: Duration
  /// When set, each sample runs the operation exactly this many times, without warm-up (for
  /// counting instructions with `valgrind --tool=callgrind`).
  var fixedCount: Int?

  static let full = Harness(
    sampleCount: 21, sampleDuration: .milliseconds(20), warmUpDuration: .milliseconds(50))
  static let quick = Harness(
    sampleCount: 3, sampleDuration: .milliseconds(1), warmUpDuration: .milliseconds(2))

  static func fixed(_ count: Int) -> Harness {
    Harness(sampleCount: 1, sampleDuration: .zero, warmUpDuration: .zero, fixedCount: count)
  }

  /// The median nanoseconds per call of `operation`.
  func median(_ operation: () -> Void) -> Double {
    let clock = ContinuousClock()
    if let fixedCount {
      let start = clock.now
      for _ in 0..<fixedCount { operation() }
      return (clock.now - start).nanoseconds / Double(max(fixedCount, 1))
    }
    let batch = warmUp(operation, sampleDuration: sampleDuration, clock)
    var samples: [Double] = []
    samples.reserveCapacity(sampleCount)
    for _ in 0..<sampleCount {
      samples.append(sample(operation, batch, clock))
    }
    return Self.median(of: samples)
  }

  /// The median ratio of `numerator`'s time per call to `denominator`'s, over samples taken
  /// in alternation (one of each, then again), so that both see the machine in the same state;
  /// `nil` when counting instructions (``fixedCount``).
  ///
  /// On a shared machine the speed drifts between the moments two cases are timed one after
  /// the other; a pair of samples taken back to back sees the same speed.
  func medianRatio(_ numerator: () -> Void, to denominator: () -> Void) -> Double? {
    guard fixedCount == nil else { return nil }
    let clock = ContinuousClock()
    let half = sampleDuration / 2
    let numeratorBatch = warmUp(numerator, sampleDuration: half, clock)
    let denominatorBatch = warmUp(denominator, sampleDuration: half, clock)
    var ratios: [Double] = []
    ratios.reserveCapacity(sampleCount)
    for _ in 0..<sampleCount {
      let top = sample(numerator, numeratorBatch, clock)
      let bottom = sample(denominator, denominatorBatch, clock)
      ratios.append(top / max(bottom, .leastNonzeroMagnitude))
    }
    return Self.median(of: ratios)
  }

  /// Runs `operation` for ``warmUpDuration``; returns how many calls last `sampleDuration`.
  private func warmUp(
    _ operation: () -> Void, sampleDuration: Duration, _ clock: ContinuousClock
  ) -> Int {
    var calls = 0
    let warmUpStart = clock.now
    var elapsed = Duration.zero
    while elapsed < warmUpDuration || calls < 2 {
      operation()
      calls += 1
      elapsed = clock.now - warmUpStart
    }
    let estimate = elapsed.nanoseconds / Double(calls)
    return max(1, Int(sampleDuration.nanoseconds / max(estimate, 1)))
  }

  /// The nanoseconds per call of `batch` calls of `operation`.
  private func sample(_ operation: () -> Void, _ batch: Int, _ clock: ContinuousClock) -> Double {
    let start = clock.now
    for _ in 0..<batch { operation() }
    return (clock.now - start).nanoseconds / Double(batch)
  }

  private static func median(of values: [Double]) -> Double {
    values.sorted()[values.count / 2]
  }
}

extension Duration {
  var nanoseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }
}

/// Keeps a value alive and observable so the optimizer cannot drop the work that made it.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}
