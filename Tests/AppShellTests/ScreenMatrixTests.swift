import Testing

@testable import AppShell

/// The full-screen session at the sizes people use, with no orders, a screenful, just over a
/// screenful and far too many, and long names: through the session's own event loop, every
/// frame keeps the header, the prompt and the newest output, fits the terminal, and Ctrl-C,
/// Ctrl-D and `q` leave.
@MainActor
@Suite struct ScreenMatrixTests {
  nonisolated static let sizes = [(40, 12), (80, 24), (120, 40), (200, 60)]
  nonisolated static let orderCounts = [0, 11, 13, 100]
  nonisolated static let exits = ["ctrl-c", "ctrl-d", "q"]

  nonisolated static let cases: [(Int, Int, Int, String)] = sizes.flatMap { size in
    orderCounts.flatMap { count in exits.map { (size.0, size.1, count, $0) } }
  }

  @Test(arguments: cases)
  func everyScreenFitsAndLeaves(columns: Int, rows: Int, orders: Int, exit: String) async throws {
    let shell = Shell(initialState: matrixState(orders: orders)) { $0.useTestServices() }
    let harness = ScreenHarness(shell: shell, columns: columns, rows: rows)
    let context = "\(orders) orders"
    try await harness.start(
      notes: ["Restored your state from /a/rather/long/path/to/the/state/file/state.json."])
    harness.expectGoodScreen("\(context), at start")
    #expect(harness.shows("Restored your state"), "\(context)\n\(harness.terminal.picture)")

    // The newest output shows, whatever the panels hold.
    let steps: [(String, String)] = [
      ("order new", ""),
      ("dance", "Unknown command 'dance'."),
      ("order add \(orders + 1) mug 2", ""),
      ("open \(orders + 1)", "Orders › #\(orders + 1)"),
      ("order delete \(orders + 1)", "Delete order #\(orders + 1)?"),
      ("no", ""),
      ("back", ""),
      ("help", "Commands (an <order> is its number"),
      ("products", "tea       $4.50"),
      ("orders", "Ships to"),
      ("state", "{"),
      ("profile name \(longName)", ""),
      ("order add 999 mug", "There is no order #999."),
    ]
    for (line, expected) in steps {
      try await harness.enter(line)
      harness.expectGoodScreen("\(context), after '\(line)'")
      if !expected.isEmpty {
        #expect(
          harness.shows(expected), "\(context), after '\(line)'\n\(harness.terminal.picture)")
      }
    }
    // The panels say what they hide, and the newest order shows when there is room for it.
    if orders >= 13 && rows <= 24 {
      #expect(harness.shows("type 'orders'"), "\(context)\n\(harness.terminal.picture)")
    }
    if rows >= 24 {
      #expect(harness.shows("#\(orders + 1)"), "\(context)\n\(harness.terminal.picture)")
    }
    // Scrolling and resizing keep every frame whole.
    try await harness.enter("help")
    try await harness.type("\u{1B}[6~\u{1B}[6~")
    harness.expectGoodScreen("\(context), after Page Down")
    try await harness.resize(columns: columns / 2, rows: rows / 2)
    harness.expectGoodScreen("\(context), halved")
    try await harness.resize(columns: columns, rows: rows)
    harness.expectGoodScreen("\(context), restored")

    switch exit {
    case "ctrl-c": try await harness.type("\u{03}")
    case "ctrl-d": try await harness.type("\u{04}")
    default: try await harness.enter("q")
    }
    #expect(try await harness.waitForExit() == 0, "\(context), leaving with \(exit)")
    #expect(harness.terminal.isRestored)
    #expect(!harness.terminal.isAlternateScreen)
    #expect(harness.terminal.problems.isEmpty, "\(harness.terminal.problems.prefix(3))")
  }
}
