import Foundation
import Core
import Orders
import Testing

@testable import AppShell

/// The full-screen session on a virtual terminal: it never traps the user, always shows the
/// prompt and the newest output, and leaves as asked.
@MainActor
@Suite struct ScreenSessionTests {
  func makeShell(_ state: AppState = AppState()) -> Shell {
    Shell(initialState: state) { $0.useTestServices() }
  }

  /// 80×24, twelve new orders, then a command that prints: once a pager that looped forever.
  @Test func twelveOrdersThenOutputAt80x24KeepsThePromptAndTheHeader() async throws {
    let harness = ScreenHarness(shell: makeShell(), columns: 80, rows: 24)
    try await harness.start()
    for _ in 1...12 { try await harness.enter("order new") }
    try await harness.enter("products")
    harness.expectGoodScreen("after 'products'")
    #expect(harness.shows("chair     $249.00  Office chair"))
    #expect(harness.shows("#12  draft"))
    #expect(harness.shows("earlier orders: type 'orders' for all"))
    #expect(harness.terminal.lines[0].hasPrefix("AppShell · state: memory"))

    try await harness.enter("dance")
    harness.expectGoodScreen("after an error")
    #expect(harness.shows("Unknown command 'dance'."))

    try await harness.type("q")
    #expect(harness.terminal.lines.last == "> q")
    try await harness.type("\u{03}")  // clears the line
    try await harness.type("\u{03}")  // leaves
    #expect(try await harness.waitForExit() == 0)
    #expect(harness.terminal.isRestored)
    #expect(!harness.terminal.isAlternateScreen)
    #expect(harness.terminal.normalOutput.hasSuffix("State saved to memory.\n"))
  }

  /// An error in the Orders panel goes with the next command, like the output under the panels.
  @Test func anErrorInTheOrdersPanelGoesWithTheNextCommand() async throws {
    let harness = ScreenHarness(shell: makeShell(sampleState()), columns: 80, rows: 24)
    try await harness.start()
    try await harness.enter("order add 9 mug")
    #expect(harness.shows("! There is no order #9."), "\(harness.terminal.picture)")
    try await harness.enter("profile name Grace")
    #expect(!harness.shows("There is no order #9"), "\(harness.terminal.picture)")
    try await harness.enter("order add 9 mug", "dance")
    #expect(harness.shows("Unknown command 'dance'."))
    #expect(!harness.shows("There is no order #9"), "\(harness.terminal.picture)")
    try await harness.enter("quit")
    #expect(try await harness.waitForExit() == 0)
  }

  /// At 40×12 the Profile panel has a row or two: it shows the profile in them, compactly,
  /// rather than only saying which command shows it.
  @Test func at40x12TheProfilePanelShowsTheProfileCompactly() async throws {
    let harness = ScreenHarness(shell: makeShell(sampleState()), columns: 40, rows: 12)
    try await harness.start(notes: [
      "Starting fresh; your state will be saved to /home/ada/.local/share/AppShell/state.json."
    ])
    harness.expectGoodScreen("at the start")
    #expect(harness.shows("Ada Lovelace"), "\(harness.terminal.picture)")
    #expect(!harness.shows("type 'state'"), "\(harness.terminal.picture)")

    // Long output leaves the panels their titles: the Profile panel's still names you.
    try await harness.enter("help")
    harness.expectGoodScreen("after 'help'")
    #expect(harness.shows("── Profile · Ada Lovelace"), "\(harness.terminal.picture)")

    try await harness.enter("profile")
    harness.expectGoodScreen("after 'profile'")
    #expect(harness.shows("Email    ada@lovelace.org"), "\(harness.terminal.picture)")
    try await harness.enter("quit")
    #expect(try await harness.waitForExit() == 0)
  }

  @Test func aReadOnlyStateFileIsNamedEscapedWhenLeaving() async throws {
    let url = URL(fileURLWithPath: "/nowhere/x\u{1B}[31mRED.json")
    let opened = try Launcher.open(url, readOnly: true, storage: InMemoryStorage())
    let shell = Shell(initialState: opened.state, persisted: opened.persisted) {
      $0.useTestServices()
    }
    let harness = ScreenHarness(shell: shell, columns: 80, rows: 24)
    try await harness.start(notes: opened.notes)
    harness.expectGoodScreen("read-only")
    try await harness.enter("quit")
    #expect(try await harness.waitForExit() == 0)
    #expect(
      harness.terminal.normalOutput
        == "Read-only: nothing was saved to /nowhere/x^[[31mRED.json.\n")
  }

  /// 40×20 with a long address, then `help`: the other way into the endless pager.
  @Test func helpWithALongAddressAt40x20ScrollsInPlace() async throws {
    let harness = ScreenHarness(shell: makeShell(matrixState(orders: 2)), columns: 40, rows: 20)
    try await harness.start()
    try await harness.enter("help")
    harness.expectGoodScreen("after 'help'")
    #expect(harness.shows("Commands (an <order> is its number"))
    #expect(harness.shows("Page Up/Page Down"))
    try await harness.type("\u{1B}[6~")
    harness.expectGoodScreen("after Page Down")
    #expect(!harness.shows("Commands (an <order> is its number"))
    try await harness.type("\u{1B}[5~")
    #expect(harness.shows("Commands (an <order> is its number"))
    try await harness.type("x")
    try await harness.type("\u{04}")  // Ctrl-D on a line with text: nothing
    #expect(harness.isRunning)
    try await harness.type("\u{7F}\u{04}")
    #expect(try await harness.waitForExit() == 0)
  }

  @Test func qLeavesLikeQuit() async throws {
    let harness = ScreenHarness(shell: makeShell(), columns: 40, rows: 12)
    try await harness.start()
    try await harness.enter("q")
    #expect(try await harness.waitForExit() == 0)
  }

  @Test func namesWithEscapeSequencesShowEscaped() async throws {
    var state = AppState()
    state.profile.name = "Eve\u{1B}[2J\u{1B}]0;owned\u{07}"
    state.activity = ["Profile saved for \u{9B}31mEve."]
    let harness = ScreenHarness(shell: makeShell(state), columns: 80, rows: 24)
    try await harness.start()
    harness.expectGoodScreen("with control characters in the state")
    #expect(harness.shows("Name     Eve^[[2J^[]0;owned^G"))
    #expect(harness.shows("Profile saved for \\u{9B}31mEve."))
    // Typed into the line, control bytes never reach it.
    try await harness.send(.input(Array("order \u{1B}[31m".utf8) + [0xC2, 0x9B] + [0x78]))
    #expect(harness.terminal.lines.last == "> order x")
  }

  @Test func theLineTakesAtMostItsLimit() async throws {
    let harness = ScreenHarness(shell: makeShell(), columns: 80, rows: 24)
    try await harness.start()
    try await harness.type("profile name " + String(repeating: "n", count: 2_000))
    harness.expectGoodScreen("with a full line")
    #expect(harness.shows("A command has at most 1000 characters."))
    try await harness.type("\r")
    #expect(harness.shell.store.state.profile.editor == nil)
    #expect(harness.shows("The name has 987 characters; use at most 60."))
  }

  /// Leaving while an order is being submitted: the first Ctrl-C says what it waits for, the
  /// second quits at once and saves the order as interrupted.
  @Test func secondControlCQuitsAtOnceAndSavesTheSubmissionAsInterrupted() async throws {
    let storage = InMemoryStorage()
    let shell = Shell(initialState: sampleState()) {
      $0.useTestServices(storage: storage)
      $0.ordersClient = OrdersClient { _ in
        AsyncThrowingStream { $0.yield(.progressed(percent: 40)) }
      }
    }
    let harness = ScreenHarness(shell: shell, columns: 80, rows: 24)
    try await harness.start()
    try await harness.enter("order submit 2")
    try await harness.waitUntil("the submission's progress") { harness.shows("40% submitting") }

    try await harness.type("\u{03}")
    #expect(harness.isRunning)
    #expect(harness.shows("Waiting for order #2 (40% submitted) to finish before leaving."))
    #expect(harness.shows("Press Ctrl-C again to quit now"))
    harness.expectGoodScreen("while waiting to leave")

    try await harness.type("\u{03}")
    #expect(try await harness.waitForExit() == 0)
    let saved = try #require(storage.savedState(of: shell))
    #expect(
      saved.orders.list[id: 2]?.status
        == .failed(
          reason: "The app quit while this order was being submitted; retry to submit it again."))
    #expect(harness.terminal.normalOutput.contains("Quit without waiting for order #2"))
  }

  @Test func waitSaysWhatItWaitsForAndControlCStopsWaiting() async throws {
    let shell = Shell(initialState: sampleState()) {
      $0.useTestServices()
      $0.ordersClient = OrdersClient { _ in
        AsyncThrowingStream { $0.yield(.progressed(percent: 10)) }
      }
    }
    let harness = ScreenHarness(shell: shell, columns: 80, rows: 24)
    try await harness.start()
    try await harness.enter("order submit 2", "wait")
    #expect(harness.shows("Waiting for order #2"))
    #expect(harness.shows("Press Ctrl-C to stop waiting."))
    try await harness.type("\u{03}")
    #expect(harness.shows("Stopped waiting; still running: order #2"))
    #expect(harness.isRunning)
    try await harness.enter("stats")
    #expect(harness.shows("Renders per panel"))
    // The submission never ends: a terminating signal leaves without waiting for it.
    try await harness.send(.terminated(15))
    #expect(try await harness.waitForExit() == 128 + 15)
  }

  @Test func leavingWaitsForShortWorkThenSaves() async throws {
    let storage = InMemoryStorage()
    let shell = Shell(initialState: sampleState()) { $0.useTestServices(storage: storage) }
    let harness = ScreenHarness(shell: shell, columns: 80, rows: 24)
    try await harness.start()
    try await harness.enter("order submit 2", "quit")
    #expect(try await harness.waitForExit() == 0)
    #expect(storage.savedState(of: shell)?.orders.list[id: 2]?.status == .confirmed(code: "TEST-2"))
  }

  @Test func aTerminatingSignalSavesAndLeavesWithItsStatus() async throws {
    let storage = InMemoryStorage()
    let shell = Shell(initialState: AppState()) { $0.useTestServices(storage: storage) }
    let harness = ScreenHarness(shell: shell, columns: 80, rows: 24)
    try await harness.start()
    try await harness.enter("order new")
    try await harness.send(.terminated(15))
    #expect(try await harness.waitForExit() == 128 + 15)
    #expect(storage.savedState(of: shell)?.orders.list.count == 1)
  }

  @Test func theOrdersCommandListsEveryOrder() async throws {
    let shell = makeShell(matrixState(orders: 30))
    #expect(shell.execute("orders").output == shell.ordersPanel.lines)
    #expect(shell.execute("orders").output.contains { $0.hasPrefix("#1 ") })
  }
}
