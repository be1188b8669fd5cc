/// Runs the cases and collects their figures.
@MainActor
final class BenchmarkRun {
  let harness: Harness
  let isQuick: Bool
  /// Runs only the cases whose label contains it, when set.
  let filter: String?
  /// Runs only the case with this exact label, when set (`--filter =LABEL`).
  let exactLabel: String?
  private(set) var measurements: [Measurement] = []
  var onMeasurement: (Measurement) -> Void = { _ in }

  init(isQuick: Bool, filter: String? = nil, iterations: Int? = nil) {
    self.isQuick = isQuick
    if let filter, filter.hasPrefix("=") {
      self.filter = String(filter.dropFirst())
      self.exactLabel = self.filter
    } else {
      self.filter = filter
      self.exactLabel = nil
    }
    self.harness = iterations.map(Harness.fixed) ?? (isQuick ? .quick : .full)
  }

  /// Whether the case called `name` (or any of its variants) should run.
  func wants(_ name: String) -> Bool {
    guard let filter else { return true }
    // An exact label starts with its case's name: a name that only appears inside it ("memory"
    // in "persisted.send (on, in memory)") is another case, whose set-up would be counted too.
    if let exactLabel { return exactLabel == name || exactLabel.hasPrefix(name + " ") }
    return name.contains(filter) || filter.contains(name)
  }

  /// Times `action` and records its median.
  func time(
    _ name: String, variant: String = "", parameter: Int? = nil, _ action: () -> Void
  ) {
    let label = Measurement(
      name: name, variant: variant, parameter: parameter, value: 0, unit: .nanosecondsPerAction
    ).label
    if let filter, !label.contains(filter) { return }
    if let exactLabel, label != exactLabel { return }
    record(
      Measurement(
        name: name, variant: variant, parameter: parameter, value: harness.median(action),
        unit: .nanosecondsPerAction))
  }

  /// Ratios of two operations timed in alternating samples, by target name (see
  /// ``Harness/medianRatio(_:to:)``).
  private(set) var pairedRatios: [String: Double] = [:]

  /// Times `numerator` and `denominator` in alternating samples and records the median ratio
  /// as the figure of the target called `target`; skipped when counting instructions or when
  /// `--filter` selects one exact case.
  func compare(_ target: String, _ numerator: () -> Void, to denominator: () -> Void) {
    guard exactLabel == nil, let ratio = harness.medianRatio(numerator, to: denominator) else {
      return
    }
    pairedRatios[target] = ratio
  }

  /// Records `ratio`, of samples a case took in alternation itself, as the figure of the
  /// target called `target`.
  func setRatio(_ target: String, _ ratio: Double) {
    pairedRatios[target] = ratio
  }

  func record(_ measurement: Measurement) {
    measurements.append(measurement)
    onMeasurement(measurement)
  }

  /// The figure recorded for a case, variant and parameter.
  func value(_ name: String, variant: String = "", parameter: Int? = nil) -> Double? {
    measurements.first {
      $0.name == name && $0.variant == variant && $0.parameter == parameter
    }?.value
  }
}
