/// Formats a run as a table or as JSON.
@MainActor
struct Report {
  let run: BenchmarkRun
  let machine: String

  /// The figures as the table in Docs/Performance.md (case, variant, size, median with a
  /// scaled unit), then the targets, each with its verdict and, when missed, why.
  var table: String {
    var lines = ["Benchmarks (\(run.isQuick ? "quick" : "full") run) on \(machine)", ""]
    let header = ["Case", "Variant", "Size", "Median"]
    let rows = run.measurements.map { measurement in
      [
        measurement.name, measurement.variant,
        measurement.parameter.map { grouped($0) } ?? "",
        scaled(measurement.value, measurement.unit),
      ]
    }
    let widths = (0..<header.count).map { column in
      ([header] + rows).map { $0[column].count }.max() ?? 0
    }
    func line(_ cells: [String]) -> String {
      // Text columns align left, figures right, like the table in Docs/Performance.md.
      let text = zip(cells.prefix(2), widths.prefix(2)).map { pad($0, $1) }
      let figures = zip(cells.suffix(2), widths.suffix(2)).map { leftPad($0, $1) }
      return (text + figures).joined(separator: "  ")
    }
    lines.append(line(header))
    lines.append(String(repeating: "-", count: widths.reduce(0, +) + 2 * (widths.count - 1)))
    lines += rows.map(line)
    lines.append("")
    lines.append(
      "Targets (ratios within this run; those a case times in alternating samples use them)")
    for target in Target.all + Target.reported {
      lines.append("  " + verdict(for: target))
    }
    return lines.joined(separator: "\n")
  }

  /// `tree fan-out: 10,000 / 1 live scopes = 1.01× (limit 3×): met`, and for a missed target
  /// the reason on the same line.
  func verdict(for target: Target) -> String {
    let figure = target.figure(run)
    let shown = figure.map { target.text(for: $0) } ?? "not measured"
    var text = "\(target.name) = \(shown)"
    guard target.limit != .infinity else { return text + " (reported, no limit)" }
    text += " (limit \(target.text(for: target.limit)))"
    guard let figure else { return text }
    if figure <= target.limit { return text + ": met" }
    text += ": MISSED by \(format(figure / target.limit))×"
    if let reason = target.reasonIfMissed { text += " (\(reason))" }
    return text
  }

  var json: String {
    var entries: [String] = []
    for measurement in run.measurements {
      var fields = [
        "\"case\": \(quoted(measurement.name))",
        "\"variant\": \(quoted(measurement.variant))",
      ]
      fields.append("\"parameter\": \(measurement.parameter.map(String.init) ?? "null")")
      fields.append("\"value\": \(format(measurement.value, decimals: 2))")
      fields.append("\"unit\": \(quoted(measurement.unit.rawValue))")
      entries.append("    {" + fields.joined(separator: ", ") + "}")
    }
    var targets: [String] = []
    for target in Target.all + Target.reported {
      let figure = target.figure(run)
      let limit = target.limit == .infinity ? "null" : format(target.limit, decimals: 2)
      let met =
        target.limit == .infinity ? "null" : figure.map { "\($0 <= target.limit)" } ?? "null"
      targets.append(
        "    {\"name\": \(quoted(target.name)), \"formula\": \(quoted(target.formula)), "
          + "\"figure\": \(figure.map { format($0, decimals: 3) } ?? "null"), "
          + "\"limit\": \(limit), \"unit\": \(quoted(target.unit)), \"met\": \(met)}")
    }
    return """
      {
        "machine": \(quoted(machine)),
        "quick": \(run.isQuick),
        "results": [
      \(entries.joined(separator: ",\n"))
        ],
        "targets": [
      \(targets.joined(separator: ",\n"))
        ]
      }
      """
  }

  private func quoted(_ string: String) -> String {
    var result = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      default:
        if scalar.value < 0x20 {
          result += "\\u00" + String(scalar.value, radix: 16).leftPadded(to: 2, with: "0")
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  private func pad(_ string: String, _ width: Int) -> String {
    string + String(repeating: " ", count: max(0, width - string.count))
  }

  private func leftPad(_ string: String, _ width: Int) -> String {
    string.leftPadded(to: width, with: " ")
  }
}

/// `value` (nanoseconds per action, or bytes per store or per action) with a unit a reader
/// takes in at a glance: `2.70 ns`, `109 ns`, `5.43 µs`, `3.43 ms`, `639 B`.
func scaled(_ value: Double, _ unit: Measurement.Unit) -> String {
  switch unit {
  case .bytesPerStore, .bytesPerAction:
    return grouped(Int(value.rounded())) + " B"
  case .nanosecondsPerAction, .nanosecondsPerStep, .nanosecondsPerShrink:
    if value < 1_000 { return format(value) + " ns" }
    if value < 1_000_000 { return format(value / 1_000) + " µs" }
    if value < 1_000_000_000 { return format(value / 1_000_000) + " ms" }
    return format(value / 1_000_000_000) + " s"
  }
}

/// `10000` as `10,000`.
func grouped(_ value: Int) -> String {
  let digits = String(value.magnitude)
  var result = ""
  for (index, digit) in digits.enumerated() {
    if index > 0, (digits.count - index) % 3 == 0 { result += "," }
    result.append(digit)
  }
  return (value < 0 ? "-" : "") + result
}

/// `value` with a sensible number of decimals: more for small figures.
func format(_ value: Double, decimals: Int? = nil) -> String {
  // A figure divided by a zero one: said, rather than trapping on the conversion to `Int`.
  guard value.isFinite else { return value.isNaN ? "not a number" : "infinite" }
  let decimals = decimals ?? (value >= 100 ? 0 : value >= 10 ? 1 : 2)
  var scale = 1.0
  for _ in 0..<decimals { scale *= 10 }
  let rounded = (value * scale).rounded() / scale
  guard decimals > 0 else { return String(Int(rounded)) }
  let whole = Int(rounded.rounded(.towardZero))
  let fraction = Int((abs(rounded - Double(whole)) * scale).rounded())
  let sign = rounded < 0 && whole == 0 ? "-" : ""
  return "\(sign)\(whole)." + String(fraction).leftPadded(to: decimals, with: "0")
}

extension String {
  func leftPadded(to width: Int, with pad: Character) -> String {
    String(repeating: pad, count: max(0, width - count)) + self
  }
}
