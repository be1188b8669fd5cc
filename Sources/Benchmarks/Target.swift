/// A performance goal, checked against the figures of one run.
struct Target {
  /// What the figure is, as the targets table of Docs/Performance.md names it:
  /// `tree fan-out: 10,000 / 1 live scopes`.
  let name: String
  /// How the figure is formed, for the JSON report.
  let formula: String
  /// The largest acceptable figure.
  let limit: Double
  /// `×` for ratios, `B` for bytes.
  let unit: String
  let figure: @MainActor (BenchmarkRun) -> Double?
  /// Why the design misses the limit, shown beside a missed target.
  var reasonIfMissed: String? = nil

  /// The targets, for the design this package ships (element scopes for lists).
  static let all: [Target] = [
    ratio(
      "tree fan-out: 10,000 / 1 live scopes", "10,000 / 1 live scopes (element scopes)",
      limit: 3,
      ("tree fan-out", ScopeStyle.element.rawValue, 10_000),
      ("tree fan-out", ScopeStyle.element.rawValue, 1)),
    ratio(
      "no-op: 10,000 live scopes / none", "10,000 live scopes / none", limit: 3,
      ("no-op", ScopeStyle.element.rawValue, 10_000), ("no-op", "", 0)),
    ratio(
      "root.send / raw", "root.send / raw", limit: 25, ("root.send", "", nil), ("raw", "", nil)),
    ratio(
      "depth: 5 levels / root.send", "depth 5 / root.send", limit: 3,
      ("scoped.send", "depth", 5), ("root.send", "", nil),
      reasonIfMissed:
        "the five levels' forwarding closures compile to the same code, "
        + "which the optimizer merges into one function whose indirect calls change target at "
        + "every level and are mispredicted; see 'Sending through several levels' in "
        + "Docs/Performance.md"),
    ratio(
      "stack screen action / root.send", "stack screen action / root.send", limit: 5,
      ("child.send", "stack screen", nil), ("root.send", "", nil),
      reasonIfMissed:
        "a screen's change replaces the top of the stack's storage (two allocations freed when "
        + "the root commits) and the root's copy of its state retains and releases every "
        + "reference it holds; see 'Actions to presented children and "
        + "screens' in Docs/Performance.md"),
    ratio(
      "presented child action / root.send", "presented child action / root.send", limit: 5,
      ("child.send", "presented child", nil), ("root.send", "", nil),
      reasonIfMissed:
        "the child's box is replaced on each change and the root's copy "
        + "of its state retains and releases every reference it holds; see 'Actions to "
        + "presented children and screens' in Docs/Performance.md"),
    ratio(
      "action extraction: explicit case path / hand-written switch",
      "explicit case path / hand-written switch (a matching action)", limit: 1.5,
      ("action extraction", "explicit case path, match", nil),
      ("action extraction", "hand-written switch", nil)),
    ratio(
      "recording: root.send, on / off", "root.send with a recorder / without (the send path)",
      limit: 2, ("history.record", "root.send, recording on", nil),
      ("history.record", "root.send, recording off", nil),
      reasonIfMissed:
        "what a recorded send adds is a lock, the "
        + "generator slot's compare-and-exchange and the queued entry's copy, atomic operations "
        + "that cost more than their instructions, and, once per batch when actions pause, "
        + "setting the writer's timer; see 'Recording, replay and undo' in Docs/Performance.md"),
    ratio(
      "persisted part: root.send, on / off", "root.send saving its state / without", limit: 1.3,
      ("persisted.send", "on, in memory", nil), ("persisted.send", "off", nil),
      reasonIfMissed:
        "a persisted send calls a second observer, which only notes that the coalescing "
        + "window is open (the state is read and handed to the writer once per window); see "
        + "'Persisted state' in Docs/Performance.md"),
    ratio(
      "large state: 100,000 / 1,000 orders", "100,000 / 1,000 orders", limit: 3,
      ("large state", "", 100_000), ("large state", "", 1_000)),
    ratio(
      "list edits: 100,000 / 1,000 rows (append, remove first)",
      "100,000 / 1,000 rows (append, remove first)", limit: 3,
      ("list edits", "append, remove first", 100_000),
      ("list edits", "append, remove first", 1_000)),
    ratio(
      "list edits: 100,000 / 1,000 rows (insert, remove in the middle)",
      "100,000 / 1,000 rows (insert, remove in the middle)", limit: 3,
      ("list edits", "insert, remove in the middle", 100_000),
      ("list edits", "insert, remove in the middle", 1_000)),
    ratio(
      "undo memory per step: 100,000 / 1,000 orders", "100,000 / 1,000 orders (bytes per step)",
      limit: 2, ("history.undo", "bytes per step", 100_000),
      ("history.undo", "bytes per step", 1_000)),
    Target(
      name: "random sessions: time per step on Orders, effects included",
      formula: "µs per step (100 µs is 10,000 steps a second)", limit: 100, unit: " µs",
      figure: {
        $0.value("random sessions", variant: RandomSessionCases.stepsVariant).map { $0 / 1_000 }
      }),
    Target(
      name: "random sessions: finding and shrinking a failure late in a 1,000-step session",
      formula: "seconds to find, shrink and record it", limit: 5, unit: " s",
      figure: { run in
        run.measurements.first {
          $0.name == "random sessions"
            && $0.variant.hasPrefix(RandomSessionCases.shrinkingVariant)
        }.map { $0.value / 1e9 }
      }),
    Target(
      name: "memory per live scoped store with one observer",
      formula: "resident bytes per element-scoped store with one observer",
      limit: 1024, unit: "B",
      figure: { $0.value("memory", variant: ScopeStyle.element.rawValue, parameter: 10_000) }),
  ]

  /// `figure` in this target's unit, without trailing zeros: `1.14×`, `3×`, `1,024 B`.
  func text(for figure: Double) -> String {
    if unit == "B" { return grouped(Int(figure.rounded())) + " B" }
    var number = format(figure)
    if number.contains(".") {
      while number.hasSuffix("0") { number.removeLast() }
      if number.hasSuffix(".") { number.removeLast() }
    }
    return number + unit
  }

  /// Figures reported beside the targets, without a limit.
  static let reported = [scopingOverhead, flatListGrowth, runningWorkOverhead]

  /// Not a target: what scoping itself adds to a send 5 levels deep, against the same action
  /// sent to a root store with no scopes (the reducer work is the same in both).
  static let scopingOverhead = ratio(
    "depth, same action: 5 levels / root.send of the wrapped action, no scopes",
    "depth 5 / root.send of the same wrapped action, no scopes",
    limit: .infinity, ("scoped.send", "depth", 5), ("root.send", "depth-5 action, no scopes", nil))

  /// Not a target: what a presentation adds to an action while one of its children has work
  /// running (a request, after each pass, to end the work of children no longer presented).
  static let runningWorkOverhead = ratio(
    "presented child: its work running / none running",
    "small presented child's action, its work running / none running", limit: .infinity,
    ("child.send", "small presented child, its work running", nil),
    ("child.send", "small presented child, no work running", nil))

  /// Not a target: how the flat list grows from 100 to 10,000 rows.
  static let flatListGrowth = ratio(
    "flat list: 10,000 / 100 rows", "10,000 / 100 rows (element scopes)", limit: .infinity,
    ("flat list", ScopeStyle.element.rawValue, 10_000),
    ("flat list", ScopeStyle.element.rawValue, 100))

  private static func ratio(
    _ name: String, _ formula: String, limit: Double,
    _ numerator: (String, String, Int?), _ denominator: (String, String, Int?),
    reasonIfMissed: String? = nil
  ) -> Target {
    Target(
      name: name, formula: formula, limit: limit, unit: "×",
      figure: { run in
        // Timed in alternating samples when the cases recorded it (see `BenchmarkRun.compare`).
        if let paired = run.pairedRatios[name] { return paired }
        guard
          let top = run.value(numerator.0, variant: numerator.1, parameter: numerator.2),
          let bottom = run.value(
            denominator.0, variant: denominator.1, parameter: denominator.2),
          bottom > 0
        else { return nil }
        return top / bottom
      }, reasonIfMissed: reasonIfMissed)
  }
}
