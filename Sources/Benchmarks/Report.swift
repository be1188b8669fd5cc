/// Formats a run as a table or as JSON.
@MainActor
struct Report {
  let run: BenchmarkRun
  let machine: String

  var table: String {
    var lines = ["Benchmarks (\(run.isQuick ? "quick" : "full") run) on \(machine)", ""]
    let width = max(40, run.measurements.map(\.label.count).max() ?? 0)
    lines.append(pad("case", width) + "  " + leftPad("median", 12) + "  unit")
    lines.append(String(repeating: "-", count: width + 28))
    for measurement in run.measurements {
      lines.append(
        pad(measurement.label, width) + "  " + leftPad(format(measurement.value), 12) + "  "
          + measurement.unit.rawValue)
    }
    lines.append("")
    lines.append("Targets (ratios within this run)")
    for target in Target.all + [Target.scopingOverhead, Target.flatListGrowth] {
      let figure = target.figure(run)
      let verdict: String
      if target.limit == .infinity {
        verdict = "reported"
      } else if let figure {
        verdict = figure <= target.limit ? "met" : "MISSED"
      } else {
        verdict = "not measured"
      }
      let shown = figure.map { format($0) + target.unit } ?? "-"
      let limit = target.limit == .infinity ? "" : " (limit \(format(target.limit))\(target.unit))"
      lines.append("  \(target.name): \(target.formula) = \(shown)\(limit) \(verdict)")
    }
    return lines.joined(separator: "\n")
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
    for target in Target.all + [Target.scopingOverhead, Target.flatListGrowth] {
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

/// `value` with a sensible number of decimals: more for small figures.
func format(_ value: Double, decimals: Int? = nil) -> String {
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
