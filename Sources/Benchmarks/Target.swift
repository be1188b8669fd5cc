/// A goal from the benchmark issue, checked against the figures of one run.
struct Target {
  let name: String
  /// How the figure is formed, for the report.
  let formula: String
  /// The largest acceptable figure.
  let limit: Double
  /// `×` for ratios, `B` for bytes.
  let unit: String
  let figure: @MainActor (BenchmarkRun) -> Double?

  /// The targets, for the design this package ships (element scopes for lists).
  static let all: [Target] = [
    ratio(
      "tree fan-out", "10,000 / 1 live scopes (element scopes)", limit: 3,
      ("tree fan-out", ScopeStyle.element.rawValue, 10_000),
      ("tree fan-out", ScopeStyle.element.rawValue, 1)),
    ratio(
      "no-op", "10,000 live scopes / none", limit: 3,
      ("no-op", ScopeStyle.element.rawValue, 10_000), ("no-op", "", 0)),
    ratio(
      "depth", "depth 5 / root.send", limit: 1.5, ("scoped.send", "depth", 5),
      ("root.send", "", nil)),
    ratio(
      "large state", "100,000 / 1,000 orders", limit: 3, ("large state", "", 100_000),
      ("large state", "", 1_000)),
    ratio(
      "list edits", "100,000 / 1,000 rows (append, remove first)", limit: 3,
      ("list edits", "append, remove first", 100_000), ("list edits", "append, remove first", 1_000)
    ),
    ratio(
      "list edits (middle)", "100,000 / 1,000 rows (insert, remove in the middle)", limit: 3,
      ("list edits", "insert, remove in the middle", 100_000),
      ("list edits", "insert, remove in the middle", 1_000)),
    Target(
      name: "memory", formula: "resident bytes per element-scoped store with one observer",
      limit: 1024, unit: "B",
      figure: { $0.value("memory", variant: ScopeStyle.element.rawValue, parameter: 10_000) }),
  ]

  /// Not a target: what scoping itself adds to a send 5 levels deep, against the same action
  /// sent to a root store with no scopes (the reducer work is the same in both).
  static let scopingOverhead = ratio(
    "depth (same action)", "depth 5 / root.send of the same wrapped action, no scopes",
    limit: .infinity, ("scoped.send", "depth", 5), ("root.send", "depth-5 action, no scopes", nil))

  /// Not a target: how the flat list grows from 100 to 10,000 rows.
  static let flatListGrowth = ratio(
    "flat list", "10,000 / 100 rows (element scopes)", limit: .infinity,
    ("flat list", ScopeStyle.element.rawValue, 10_000),
    ("flat list", ScopeStyle.element.rawValue, 100))

  private static func ratio(
    _ name: String, _ formula: String, limit: Double,
    _ numerator: (String, String, Int?), _ denominator: (String, String, Int?)
  ) -> Target {
    Target(name: name, formula: formula, limit: limit, unit: "×") { run in
      guard
        let top = run.value(numerator.0, variant: numerator.1, parameter: numerator.2),
        let bottom = run.value(denominator.0, variant: denominator.1, parameter: denominator.2),
        bottom > 0
      else { return nil }
      return top / bottom
    }
  }
}
