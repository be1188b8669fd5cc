/// The chart of a run: cost per action against live scopes and against collection size.
@MainActor
struct Chart {
  let run: BenchmarkRun

  var svg: String {
    SVGChart(
      title: "Cost per action (median, release build)",
      panels: [
        .init(
          title: "against live observed scopes", xLabel: "live scoped stores",
          series: ScopeStyle.allCases.flatMap { style in
            [
              series(
                "tree fan-out, \(style.rawValue)", "tree fan-out", style, [1, 100, 1_000, 10_000]),
              series("flat list, \(style.rawValue)", "flat list", style, [100, 1_000, 10_000]),
            ]
          } + [reference("root.send (no scopes)", run.value("root.send"), [1, 10_000])]
        ),
        .init(
          title: "against collection size", xLabel: "orders in the IdentifiedArray",
          series: [
            SVGChart.Series(
              name: "large state: one order changed", color: "#d62728",
              points: [1_000, 10_000, 100_000].compactMap { count in
                run.value("large state", parameter: count).map { (Double(count), $0) }
              })
          ]),
      ]
    ).svg
  }

  private func series(
    _ name: String, _ benchmark: String, _ style: ScopeStyle, _ parameters: [Int]
  ) -> SVGChart.Series {
    let colors = [
      "tree fan-out": style == .element ? "#1f77b4" : "#9ecae1",
      "flat list": style == .element ? "#2ca02c" : "#a1d99b",
    ]
    return SVGChart.Series(
      name: name, color: colors[benchmark] ?? "#000",
      points: parameters.compactMap { parameter in
        run.value(benchmark, variant: style.rawValue, parameter: parameter).map {
          (Double(parameter), $0)
        }
      },
      dashed: style != .element)
  }

  private func reference(_ name: String, _ value: Double?, _ range: [Int]) -> SVGChart.Series {
    SVGChart.Series(
      name: name, color: "#7f7f7f",
      points: value.map { value in range.map { (Double($0), value) } } ?? [], dashed: true)
  }
}
