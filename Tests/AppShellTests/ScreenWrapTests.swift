import Foundation
import Testing

@testable import AppShell

/// Wrapped text on narrow screens: every character the layout wraps is drawn, up to the last
/// column, and a wrapped entry keeps its indent.
@MainActor
@Suite struct ScreenWrapTests {
  @Test(arguments: [40, 39])
  func wrappedHelpIsDrawnWholeAndKeepsItsIndents(columns: Int) async throws {
    let shell = Shell(initialState: matrixState(orders: 0)) { $0.useTestServices() }
    let harness = ScreenHarness(shell: shell, columns: columns, rows: 12)
    try await harness.start()
    try await harness.enter("help")
    harness.expectGoodScreen("after 'help'")
    let firstWords = columns == 40 ? "number, like" : "number,"
    #expect(harness.shows(firstWords), "\(harness.terminal.picture)")
    // Page through the whole help: every page is drawn as laid out, to the last column.
    var shown: [String] = []
    for _ in 0..<40 {
      shown += harness.terminal.lines
      try await harness.type("\u{1B}[6~")
      harness.expectGoodScreen("after Page Down")
    }
    #expect(shown.contains { $0.hasPrefix("      ") && $0.count > 6 })
    #expect(harness.terminal.problems.isEmpty, "\(harness.terminal.problems.prefix(3))")
  }

  @Test(arguments: [40, 39])
  func everyHelpEntryWrapsWithoutLosingACharacterOrItsIndent(width: Int) {
    for line in HelpText.commands {
      let rows = PanelText.wrap(line, width: width)
      let indent = line.prefix { $0 == " " }
      for row in rows {
        #expect(TerminalText.width(row) <= width, "\(row.debugDescription)")
        #expect(row.hasPrefix(indent), "\(row.debugDescription) lost the indent of \(line)")
      }
      let words = rows.flatMap { $0.split(separator: " ") }
      #expect(words == line.split(separator: " "), "\(rows)")
    }
  }

  @Test func anIndentedLineFillsTheScreenToItsLastColumn() {
    let rows = PanelText.wrap("      " + String(repeating: "word ", count: 12), width: 40)
    #expect(rows.count == 2)
    #expect(rows.allSatisfy { $0.hasPrefix("      word") })
    #expect(rows.first.map { TerminalText.width($0) } == 40)
  }

  /// At 80 columns `help` once showed "press" alone on a row: its summaries were wrapped at 90,
  /// then again at 80.
  @Test func helpAt80x24LeavesNoWordAloneOnARow() async throws {
    let shell = Shell(initialState: matrixState(orders: 0)) { $0.useTestServices() }
    let harness = ScreenHarness(shell: shell, columns: 80, rows: 24)
    try await harness.start()
    try await harness.enter("help")
    var shown: [String] = []
    for _ in 0..<10 {
      shown += harness.terminal.lines
      try await harness.type("\u{1B}[6~")
    }
    #expect(shown.contains("  quit"))
    let alone = shown.filter { $0.hasPrefix("      ") && $0.split(separator: " ").count == 1 }
    #expect(alone.isEmpty, "\(alone)")
  }

  /// The start-up message at 40×12, with a state file path exactly as wide as the screen: no
  /// row holds only "." or only "to".
  @Test func theStartUpMessageAt40x12LeavesNoLoneWordOrFullStop() async throws {
    let path = "/home/a/.local/share/AppShell/state.json"
    #expect(path.count == 40)
    let shell = Shell(initialState: AppState()) { $0.useTestServices() }
    let harness = ScreenHarness(shell: shell, columns: 40, rows: 12)
    try await harness.start(notes: ["Starting fresh; your state will be saved to \(path)."])
    harness.expectGoodScreen("at the start")
    let rows = harness.terminal.lines.map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(!rows.contains("."), "\(harness.terminal.picture)")
    #expect(!rows.contains("to"), "\(harness.terminal.picture)")
    #expect(harness.shows("state.json."), "\(harness.terminal.picture)")
  }
}
