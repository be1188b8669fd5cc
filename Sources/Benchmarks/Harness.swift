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
    var calls = 0
    let warmUpStart = clock.now
    var elapsed = Duration.zero
    while elapsed < warmUpDuration || calls < 2 {
      operation()
      calls += 1
      elapsed = clock.now - warmUpStart
    }
    let estimate = elapsed.nanoseconds / Double(calls)
    let batch = max(1, Int(sampleDuration.nanoseconds / max(estimate, 1)))
    var samples: [Double] = []
    samples.reserveCapacity(sampleCount)
    for _ in 0..<sampleCount {
      let start = clock.now
      for _ in 0..<batch { operation() }
      samples.append((clock.now - start).nanoseconds / Double(batch))
    }
    samples.sort()
    return samples[samples.count / 2]
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
