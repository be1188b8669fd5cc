import Foundation
import Testing

@testable import AppShell
import TestSupport

/// The built executable in a real pseudo-terminal (tmux), typed at as a person would: the
/// screen keeps its header and prompt through a screenful of orders, long output and bad
/// input, and Ctrl-C, Ctrl-D and `q` leave with the state saved.
@Suite(
  .serialized,
  .enabled(if: Tmux.path != nil, "tmux is not installed; skipping the pseudo-terminal tests"))
struct TerminalEndToEndTests {
  @Test(.timeLimit(.minutes(2)), arguments: [(80, 24, "C-c"), (40, 12, "C-d"), (80, 24, "q")])
  func aRealTerminalNeverLosesThePrompt(columns: Int, rows: Int, exit: String) async throws {
    guard let executable = AppShellProcess.executable else {
      Issue.record("The 'AppShell' executable was not found next to the tests.")
      return
    }
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let stateFile = directory.file("state.json")
    let statusFile = directory.file("status")
    let tmux = Tmux()
    // Whatever happens below, the private tmux server and the app in it go away.
    defer { Task { await tmux.killServer() } }
    try await tmux.start(
      "'\(executable.path)' --state-file '\(stateFile.path)' --latency 0.05; "
        + "echo $? > '\(statusFile.path)'",
      columns: columns, rows: rows)

    func check(_ step: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
      let screen = try await tmux.screen()
      let picture = screen.joined(separator: "\n")
      #expect(
        screen.first?.hasPrefix("AppShell · state:") == true, "\(step): no header\n\(picture)",
        sourceLocation: sourceLocation)
      #expect(
        screen.count >= rows && screen[rows - 1].hasPrefix(">"),
        "\(step): the bottom row is not the prompt\n\(picture)", sourceLocation: sourceLocation)
    }
    func shows(_ text: String) async throws -> Bool {
      try await tmux.screen().contains { $0.contains(text) }
    }

    #expect(try await tmux.wait { try await shows("AppShell · state:") })
    for _ in 1...12 { try await tmux.enter("order new") }
    #expect(try await tmux.wait { try await shows("#12 ") })
    try await tmux.enter("products")
    #expect(try await tmux.wait { try await shows("tea       $4.50") })
    try await check("after 12 orders and 'products'")
    try await tmux.enter("help")
    #expect(try await tmux.wait { try await shows("Page Up/Page Down") })
    try await tmux.send("NPage")
    try await tmux.send("PPage")
    try await check("after 'help' and paging")
    try await tmux.enter("dance")
    #expect(try await tmux.wait { try await shows("Unknown command 'dance'.") })
    // The escape sequence is read as a key, never as part of the name.
    try await tmux.enter("profile name Eve\u{1B}[31m")
    #expect(try await tmux.wait { try await shows("Name     Eve  (unsaved)") })
    try await check("after bad input")
    // An order's screen, its breadcrumb, and the question before deleting it.
    try await tmux.enter("open 12")
    #expect(try await tmux.wait { try await shows("Orders › #12") })
    try await check("after 'open 12'")
    try await tmux.enter("order delete 12")
    #expect(try await tmux.wait { try await shows("Delete order #12?") })
    try await tmux.enter("no")
    #expect(try await tmux.wait { try await !shows("Delete order #12?") })
    #expect(try await shows("Orders › #12"))
    try await tmux.enter("order delete 12")
    try await tmux.enter("yes")
    #expect(try await tmux.wait { try await !shows("Orders › #12") })
    try await check("after deleting #12")

    if exit == "q" { try await tmux.enter("q") } else { try await tmux.send(exit) }
    let left = try await tmux.wait { await !tmux.isRunning() }
    #expect(left, "the app did not leave on \(exit)")
    let status = try String(contentsOf: statusFile, encoding: .utf8)
    #expect(status.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    guard case let .restored(saved) = try loadStateFile(stateFile) else {
      Issue.record("the state was not saved")
      return
    }
    #expect(saved.orders.list.count == 11)
  }
}
