/// A panel as the full-screen session shows it, in pieces it can drop when the screen is
/// short: a head, items (an order with its detail lines, an event), and a tail.
///
/// ```swift
/// let panel = ScreenPanel(
///   title: "Activity", lines: events, items: events.map { [$0] }, keepsNewest: true,
///   command: "state", noun: ("event", "events"))
/// panel.lines(rows: 3, width: 40)  // the rule, "… 4 earlier events: …", the newest event
/// ```
struct ScreenPanel {
  /// The panel's title, on its rule.
  var title: String
  /// Every line, as the panel renders them.
  var lines: [String]
  /// The pieces of ``lines`` for a short screen; `nil` pieces come from ``lines``, one item per
  /// line. Computed only when the panel must shrink.
  var pieces: (() -> Pieces)?
  /// The panel in a line or two, shown instead of as many of its lines as fit when it must
  /// shrink, and beside its title when only that fits: a profile summed up says more than its
  /// first line. `nil` for a panel that shrinks by items.
  var compact: [String]?
  /// Whether a shrunk panel keeps its last items (orders, events) or its first (profile).
  var keepsNewest: Bool
  /// The command that shows everything the panel hides.
  var command: String
  /// What an item is called: (`order`, `orders`).
  var noun: (singular: String, plural: String)

  /// The parts of a panel that give way in different order.
  struct Pieces {
    /// Shown first while at least one item still fits after it.
    var head: [String] = []
    /// The items, oldest first; each is shown whole or not at all.
    var items: [[String]]
    /// Shown last, kept before any item (a problem message).
    var tail: [String] = []
  }

  /// Rows the panel's lines take when wrapped to `width`, its rule excluded.
  func wrappedLineCount(width: Int) -> Int {
    lines.reduce(0) { $0 + PanelText.wrap(TerminalText.escaped($1), width: width).count }
  }

  /// The panel in exactly `rows` rows or fewer, lines cut at `width`: the rule, then as much
  /// as fits, and a line saying how many items are hidden and which command shows them; or,
  /// for a panel with ``compact`` lines, those.
  func lines(rows: Int, width: Int) -> [String] {
    let cut = { (line: String) in PanelText.fit(TerminalText.escaped(line), width: width) }
    guard rows > 0 else { return [] }
    guard rows < lines.count + 1 else {
      return [PanelText.rule(title, width: width)] + lines.map(cut)
    }
    if let compact, let first = compact.first {
      guard rows > 1 else {
        return [PanelText.rule("\(title) · \(TerminalText.escaped(first))", width: width)]
      }
      return [PanelText.rule(title, width: width)] + compact.prefix(rows - 1).map(cut)
    }
    guard rows > 1 else {
      return [PanelText.rule("\(title) · type '\(command)'", width: width)]
    }
    let pieces = pieces?() ?? Pieces(items: lines.map { [$0] })
    let body = rows - 1
    let tail = pieces.tail.count + 1 <= body ? pieces.tail : []
    var left = body - tail.count - 1
    let head = left - pieces.head.count >= 1 || pieces.items.isEmpty ? pieces.head : []
    left -= head.count
    var chosen: [[String]] = []
    let order = keepsNewest ? Array(pieces.items.reversed()) : pieces.items
    for item in order {
      if item.count <= left {
        chosen.append(item)
        left -= item.count
      } else {
        if chosen.isEmpty, left >= 1, let first = item.first { chosen.append([first]) }
        break
      }
    }
    if keepsNewest { chosen.reverse() }
    let hidden = pieces.items.count - chosen.count
    var shown = head
    if hidden > 0 {
      let noun = hidden == 1 ? self.noun.singular : self.noun.plural
      let which = chosen.isEmpty ? "" : keepsNewest ? "earlier " : "more "
      let more = "… \(hidden) \(which)\(noun): type '\(command)' for all"
      shown += keepsNewest ? [more] + chosen.joined() : chosen.joined() + [more]
    } else {
      shown += chosen.joined()
    }
    shown += tail
    return Array(([PanelText.rule(title, width: width)] + shown.map(cut)).prefix(rows))
  }

  /// Lays out `panels` (the one kept longest first) in at most `rows` rows, a closing rule
  /// included: whole and wrapped when they fit, else cut and shrunk, the last panel first.
  static func layOut(_ panels: [ScreenPanel], rows: Int, width: Int) -> [ScreenLayout.Row] {
    guard rows >= 2, !panels.isEmpty else { return [] }
    let closing = ScreenLayout.Row(text: PanelText.rule("", width: width), style: .dim)
    let budget = rows - 1
    let wrapped = panels.map { panel in
      [ScreenLayout.Row(text: PanelText.rule(panel.title, width: width), style: .bold)]
        + panel.lines.flatMap { PanelText.wrap(TerminalText.escaped($0), width: width) }
        .map { ScreenLayout.Row(text: $0) }
    }
    if wrapped.reduce(0, { $0 + $1.count }) <= budget { return wrapped.joined() + [closing] }
    let needs = panels.map { $0.lines.count + 1 }
    var sizes = shrink(needs, into: budget)
    // A shrunk panel shown compactly leaves the rows its compact lines do not take to the
    // panels after it, which shrank first.
    for index in panels.indices {
      guard let compact = panels[index].compact, sizes[index] < needs[index] else { continue }
      var spare = max(0, sizes[index] - compact.count - 1)
      sizes[index] -= spare
      for other in panels.indices.dropFirst(index + 1) {
        let taken = min(spare, needs[other] - sizes[other])
        sizes[other] += taken
        spare -= taken
      }
      sizes[index] += spare
    }
    var result: [ScreenLayout.Row] = []
    for (panel, size) in zip(panels, sizes) {
      for (index, line) in panel.lines(rows: size, width: width).enumerated() {
        result.append(ScreenLayout.Row(text: line, style: index == 0 ? .bold : .plain))
      }
    }
    return result + [closing]
  }

  /// How many rows each panel gets when they need `needs` and there are `budget`: the last
  /// panel gives way first and entirely, then the others down to two rows (last first), then
  /// to their titles (last first), then to nothing (last first).
  static func shrink(_ needs: [Int], into budget: Int) -> [Int] {
    var sizes = needs
    var excess = needs.reduce(0, +) - budget
    func reduce(_ index: Int, to floor: Int) {
      guard excess > 0 else { return }
      let take = min(excess, max(0, sizes[index] - floor))
      sizes[index] -= take
      excess -= take
    }
    guard let last = needs.indices.last else { return [] }
    reduce(last, to: 0)
    for floor in [2, 1] {
      for index in needs.indices.dropLast().reversed() {
        reduce(index, to: min(needs[index], floor))
      }
    }
    for index in needs.indices.reversed() { reduce(index, to: 0) }
    return sizes
  }
}
