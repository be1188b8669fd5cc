#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A log–log line chart in SVG: one panel per question (cost against live scopes, cost
/// against collection size).
struct SVGChart {
  struct Series {
    let name: String
    let color: String
    let points: [(x: Double, y: Double)]
    var dashed = false
  }

  struct Panel {
    let title: String
    let xLabel: String
    let series: [Series]
  }

  let title: String
  let panels: [Panel]

  private let panelWidth = 440.0
  private let panelHeight = 300.0
  private let margin = (left: 70.0, right: 20.0, top: 60.0, bottom: 150.0)

  var svg: String {
    let width = margin.left + Double(panels.count) * (panelWidth + margin.left) + margin.right
    let height = margin.top + panelHeight + margin.bottom
    var out = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
      viewBox="0 0 \(Int(width)) \(Int(height))" font-family="sans-serif" font-size="12">
      <rect width="100%" height="100%" fill="white"/>
      <text x="\(Int(width / 2))" y="24" text-anchor="middle" font-size="16">\(escape(title))</text>

      """
    let values = panels.flatMap { $0.series.flatMap { $0.points.map(\.y) } }.filter { $0 > 0 }
    let yRange = decades(values)
    for (index, panel) in panels.enumerated() {
      let originX = margin.left + Double(index) * (panelWidth + margin.left)
      out += draw(panel, originX: originX, yRange: yRange)
    }
    return out + "</svg>\n"
  }

  private func draw(_ panel: Panel, originX: Double, yRange: (Double, Double)) -> String {
    let xs = panel.series.flatMap { $0.points.map(\.x) }.filter { $0 > 0 }
    let xRange = decades(xs)
    func px(_ x: Double) -> Double {
      originX + (log10(x) - xRange.0) / (xRange.1 - xRange.0) * panelWidth
    }
    func py(_ y: Double) -> Double {
      margin.top + panelHeight - (log10(y) - yRange.0) / (yRange.1 - yRange.0) * panelHeight
    }
    let top = margin.top
    let bottom = margin.top + panelHeight
    var out = """
      <text x="\(Int(originX + panelWidth / 2))" y="\(Int(top - 12))" text-anchor="middle" \
      font-size="14">\(escape(panel.title))</text>
      <rect x="\(originX)" y="\(top)" width="\(panelWidth)" height="\(panelHeight)" \
      fill="none" stroke="#888"/>

      """
    for decade in Int(xRange.0)...Int(xRange.1) {
      let x = px(pow10(decade))
      out += line(x, top, x, bottom, "#ddd")
      out += text(x, bottom + 16, tickLabel(decade), anchor: "middle")
    }
    for decade in Int(yRange.0)...Int(yRange.1) {
      let y = py(pow10(decade))
      out += line(originX, y, originX + panelWidth, y, "#ddd")
      out += text(originX - 6, y + 4, timeLabel(decade), anchor: "end")
    }
    out += text(originX + panelWidth / 2, bottom + 34, panel.xLabel, anchor: "middle")
    out += text(originX - 50, top - 12, "ns/action", anchor: "start")
    for (index, series) in panel.series.enumerated() {
      let points = series.points.filter { $0.x > 0 && $0.y > 0 }
      let path = points.map { "\(round2(px($0.x))),\(round2(py($0.y)))" }.joined(separator: " ")
      let dash = series.dashed ? " stroke-dasharray=\"6 4\"" : ""
      out += """
        <polyline points="\(path)" fill="none" stroke="\(series.color)" stroke-width="2"\(dash)/>

        """
      for point in points {
        out += """
          <circle cx="\(round2(px(point.x)))" cy="\(round2(py(point.y)))" r="3" \
          fill="\(series.color)"/>

          """
      }
      let legendY = bottom + 56 + Double(index) * 18
      out += line(
        originX, legendY - 4, originX + 24, legendY - 4, series.color, width: 2,
        dashed: series.dashed)
      out += text(originX + 30, legendY, series.name, anchor: "start")
    }
    return out
  }

  private func decades(_ values: [Double]) -> (Double, Double) {
    guard let low = values.min(), let high = values.max() else { return (0, 1) }
    let lower = log10(low).rounded(.down)
    let upper = max(lower + 1, log10(high).rounded(.up))
    return (lower, upper)
  }

  private func line(
    _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ color: String, width: Double = 1,
    dashed: Bool = false
  ) -> String {
    """
    <line x1="\(round2(x1))" y1="\(round2(y1))" x2="\(round2(x2))" y2="\(round2(y2))" \
    stroke="\(color)" stroke-width="\(width)"\(dashed ? " stroke-dasharray=\"6 4\"" : "")/>

    """
  }

  private func text(_ x: Double, _ y: Double, _ string: String, anchor: String) -> String {
    """
    <text x="\(round2(x))" y="\(round2(y))" text-anchor="\(anchor)">\(escape(string))</text>

    """
  }

  private func tickLabel(_ decade: Int) -> String {
    switch decade {
    case ..<3: return String(Int(pow10(decade)))
    case 3..<6: return "\(Int(pow10(decade - 3)))k"
    default: return "\(Int(pow10(decade - 6)))M"
    }
  }

  private func timeLabel(_ decade: Int) -> String {
    switch decade {
    case ..<3: return "\(Int(pow10(decade))) ns"
    case 3..<6: return "\(Int(pow10(decade - 3))) µs"
    default: return "\(Int(pow10(decade - 6))) ms"
    }
  }

  private func escape(_ string: String) -> String {
    var result = ""
    for character in string {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      default: result.append(character)
      }
    }
    return result
  }

  private func round2(_ value: Double) -> String { format(value, decimals: 1) }
}

/// 10 to the power `exponent`.
func pow10(_ exponent: Int) -> Double {
  pow(10, Double(exponent))
}
