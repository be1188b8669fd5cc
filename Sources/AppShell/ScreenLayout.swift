/// One frame of the full-screen session, laid out to fit a terminal of any size.
///
/// Top to bottom: the header, the panels, a rule, the last command's output, and the prompt
/// on the bottom row. Whatever the size, the frame has exactly as many rows as the terminal,
/// no row is wider than it, and the prompt and the start of the newest output are always on
/// it. When there is not room for everything, the panels give way, in this order:
///
/// 1. their lines are cut at the right edge instead of wrapped;
/// 2. the Activity panel (the last one) shrinks, then goes;
/// 3. the Orders panel keeps its newest orders and says how many it hides ("… 7 earlier
///    orders: type 'orders' for all");
/// 4. the Profile panel sums the profile up in two lines, then one;
/// 5. the panels shrink to their titles (the Profile panel's keeps that one line), then go.
///
/// Output longer than its room shows one page, and a last row saying which lines are shown and
/// that Page Up and Page Down scroll. The header goes only on a screen of two rows or fewer.
///
/// ```swift
/// let layout = ScreenLayout(header: "AppShell", panels: [], output: ["Saved."], input: "he")
/// layout.frame(width: 40, height: 12).rows.last?.text  // "> he"
/// ```
struct ScreenLayout {
  /// How a row is drawn.
  enum Style: Equatable {
    case plain, dim, bold, error
  }

  /// One row of the frame: text already escaped and cut to the width.
  struct Row: Equatable {
    var text: String
    var style: Style = .plain
  }

  /// A laid-out frame.
  struct Frame: Equatable {
    /// Exactly `height` rows, each at most `width` columns.
    var rows: [Row]
    /// The first output line shown, clamped to the output's length.
    var outputScroll: Int
    /// How many output lines one page shows.
    var outputPageSize: Int
  }

  /// The first row: the app and the state file, or why the state is not saved.
  var header: String
  var headerIsError = false
  /// The panels, the one kept longest first.
  var panels: [ScreenPanel]
  /// The last command's output; when empty, ``hint`` shows instead.
  var output: [String]
  var outputIsError = false
  /// The first output line to show (Page Up and Page Down move it).
  var outputScroll = 0
  /// Shown dimmed where the output goes when there is none.
  var hint = ""
  /// The line being typed.
  var input: String

  /// Lays out the frame for a terminal of `width` × `height`; sizes below 1 count as 1.
  ///
  /// - Complexity: O(n) in the number of panel and output lines.
  func frame(width: Int, height: Int) -> Frame {
    let width = max(1, width)
    let height = max(1, height)
    var available = height - 1
    var top: [Row] = []
    if available >= 2 {
      top.append(Row(text: fit(header, width), style: headerIsError ? .error : .dim))
      available -= 1
    }
    let outputLines =
      output.isEmpty
      ? [hint] : output.flatMap { PanelText.wrap(TerminalText.escaped($0), width: width) }
    let panelNeed = panels.reduce(1) { $0 + 1 + $1.wrappedLineCount(width: width) }
    let panelFloor = min(panelNeed, available / 3)
    let outputRows = available > 0 ? max(1, min(outputLines.count, available - panelFloor)) : 0
    let panelRows = ScreenPanel.layOut(panels, rows: available - outputRows, width: width)
    let (shown, scroll, page) = outputPage(outputLines, rows: outputRows, width: width)
    let filler = available - panelRows.count - shown.count
    var rows = top + panelRows + shown
    rows += Array(repeating: Row(text: ""), count: max(0, filler))
    rows.append(Row(text: prompt(width: width)))
    return Frame(rows: rows, outputScroll: scroll, outputPageSize: page)
  }

  /// The output rows that fit in `rows`, from ``outputScroll``, with a status row when they
  /// do not all fit.
  private func outputPage(_ lines: [String], rows: Int, width: Int) -> ([Row], Int, Int) {
    let style: Style = output.isEmpty ? .dim : outputIsError ? .error : .plain
    guard rows > 0 else { return ([], 0, 1) }
    guard lines.count > rows else {
      return (lines.map { Row(text: fit($0, width), style: style) }, 0, max(1, rows))
    }
    let page = max(1, rows - 1)
    let scroll = max(0, min(outputScroll, lines.count - page))
    let visible = lines[scroll..<min(lines.count, scroll + page)].map {
      Row(text: fit($0, width), style: style)
    }
    guard rows > 1 else { return (visible, scroll, page) }
    let range = "\(scroll + 1)–\(scroll + visible.count) of \(lines.count)"
    // Shorter forms for a narrow screen, so that the keys that scroll stay on it.
    let forms = [
      "lines \(range) · Page Up/Page Down scroll", "\(range) · Page Up/Page Down",
      "\(range) · PgUp/PgDn",
    ]
    let status = forms.first { TerminalText.width("── \($0) ") <= width } ?? forms[forms.count - 1]
    return (visible + [Row(text: PanelText.rule(status, width: width), style: .dim)], scroll, page)
  }

  /// `> ` and the end of the line being typed, cut to the width.
  private func prompt(width: Int) -> String {
    let typed = TerminalText.escaped(input)
    guard width > 2 else { return String("> ".prefix(width)) }
    guard TerminalText.width(typed) > width - 2 else { return "> " + typed }
    guard width > 4 else { return "> " + TerminalText.suffix(typed, columns: width - 2) }
    return "> …" + TerminalText.suffix(typed, columns: width - 3)
  }

  private func fit(_ text: String, _ width: Int) -> String {
    PanelText.fit(TerminalText.escaped(text), width: width)
  }
}
