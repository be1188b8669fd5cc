import Foundation
import Orders
import Testing

@testable import AppShell
import TestSupport

/// Runs the built `AppShell` executable with piped commands, as a script would.
@Suite struct EndToEndTests {
  @Test(.timeLimit(.minutes(1)))
  func pipedSessionPersistsAndTheNextRunRestoresIt() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let stateFile = directory.file("data/state.json")
    let arguments = ["--state-file", stateFile.path, "--latency", "0.04"]
    let script = """
      profile name Ada Lovelace
      profile email ada@example.org
      profile address 12 Analytical Way, London, N1 7AA, UK
      profile save
      wait
      order new
      order add 1 mug 2
      order add 1 tea
      order submit 1
      wait
      order new
      order add 2 tea

      stats
      quit
      """

    guard let first = try await AppShellProcess.run(arguments, input: script, in: directory) else {
      return
    }

    #expect(first.status == 0, "\(first.standardError)")
    #expect(first.standardError == "")
    let out = first.standardOutput
    #expect(out.hasPrefix("Starting fresh; your state will be saved to \(stateFile.path).\n"))
    #expect(out.contains("> order submit 1\n"))
    #expect(out.contains("[#####.....] 50% submitting"))
    #expect(out.contains("#1   confirmed  $20.50    2 × mug, 1 × tea"))
    #expect(out.contains("Order #1 confirmed: $20.50, +20 loyalty points."))
    #expect(out.contains("Loyalty  member, 20 points (80 more for silver)"))
    // After 'order add 2 tea' only the Orders panel is printed: the others did not render.
    let afterAdd = try #require(out.range(of: "> order add 2 tea\n")).upperBound
    let afterBlank = try #require(out.range(of: "> \n", range: afterAdd..<out.endIndex))
    #expect(out[afterAdd..<afterBlank.lowerBound].hasPrefix("── Orders "))
    #expect(!out[afterAdd..<afterBlank.lowerBound].contains("── Profile "))
    #expect(out.contains("  Profile panel   "))
    #expect(out.hasSuffix("State saved to \(stateFile.path).\n"))

    guard case let .restored(saved) = try loadStateFile(stateFile) else {
      Issue.record("The state file was not written")
      return
    }
    #expect(saved.profile.name == "Ada Lovelace")
    #expect(saved.profile.loyaltyPoints == 20)
    #expect(saved.orders.list.map(\.status) == [.confirmed(code: "SIM-1"), .draft])
    #expect(saved.orders.list[id: 2]?.lines.map(\.id) == ["tea"])

    let second = try await AppShellProcess.run(
      arguments, input: "order submit 2\nquit\n", in: directory)
    #expect(second?.status == 0)
    #expect(
      second?.standardOutput.hasPrefix("Restored your state from \(stateFile.path).\n") == true)
    #expect(second?.standardOutput.contains("#2   confirmed  $4.50     1 × tea") == true)
  }

  @Test(.timeLimit(.minutes(1)))
  func rejectedCommandsExplainOnStandardErrorAndSetTheExitStatus() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let stateFile = directory.file("state.json")
    let input = "order add 1 mug\ndance\norder new\norder add 1 mugg\n"

    guard
      let run = try await AppShellProcess.run(
        ["--state-file", stateFile.path], input: input, in: directory)
    else { return }

    #expect(run.status == 1)
    #expect(
      run.standardError == """
        error: There is no order #1. There are no orders yet.
        error: Unknown command 'dance'. Commands: help, products, profile, order, open, back, yes, \
        no, orders, state, stats, wait, undo, redo, quit. Type 'help' for details.
        error: There is no product 'mugg'. Did you mean 'mug'? Products: tea, mug, notebook, pen, \
        lamp, chair (see 'products').
        3 commands were rejected; see the messages above.

        """)
    guard case let .restored(saved) = try loadStateFile(stateFile) else {
      Issue.record("The state file was not written")
      return
    }
    #expect(saved.orders.list.map(\.lines.isEmpty) == [true])
  }

  @Test(.timeLimit(.minutes(1)))
  func corruptStateFileIsMovedAsideAndTheAppStartsFresh() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let stateFile = directory.file("state.json")
    try Data("{ this is not JSON".utf8).write(to: stateFile)

    guard
      let run = try await AppShellProcess.run(
        ["--state-file", stateFile.path], input: "profile name Ada\n", in: directory)
    else { return }

    #expect(run.status == 0)
    let aside = try directory.contents().filter { $0.hasPrefix("state.json.corrupt-") }
    #expect(aside.count == 1)
    let asidePath = directory.file(aside.first ?? "").path
    #expect(
      run.standardError
        == "warning: The state file \(stateFile.path) could not be used: it is not a valid "
        + "state file (the file is not valid JSON). It was moved to \(asidePath), untouched; "
        + "starting fresh.\n")
    #expect(try String(contentsOfFile: asidePath, encoding: .utf8) == "{ this is not JSON")
    guard case let .restored(saved) = try loadStateFile(stateFile) else {
      Issue.record("A fresh state file was not written")
      return
    }
    #expect(saved.profile.editor?.draft.name == "Ada")
  }

  @Test func helpAndBadOptions() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    guard let help = try await AppShellProcess.run(["--help"], input: "", in: directory) else {
      return
    }
    #expect(help.status == 0)
    #expect(help.standardOutput.contains("USAGE: AppShell [--state-file PATH]"))

    let bad = try await AppShellProcess.run(["--colour"], input: "", in: directory)
    #expect(bad?.status == 2)
    #expect(
      bad?.standardError
        == "AppShell: Unknown option '--colour'. Options: --state-file PATH, --latency SECONDS, "
        + "--plain, --read-only, --record FILE, --strict-exit-codes, --help; or 'AppShell replay "
        + "FILE [--state-file OUT]', or 'AppShell inspect FILE [--html OUT]'.\nType 'AppShell "
        + "--help' for the usage.\n")
  }
}

/// The app's navigation through piped input: the profile editor, the stack of order screens,
/// and the questions that guard deleting.
@Suite struct EndToEndNavigationTests {
  @Test(.timeLimit(.minutes(1)))
  func theEditorTheStackAndTheQuestionsSurviveARestart() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let stateFile = directory.file("state.json")
    let arguments = ["--state-file", stateFile.path, "--latency", "0.04"]
    let script = """
      profile edit
      profile name Ada Lovelace
      profile email ada@example.org
      profile save
      wait
      order new
      order add 1 mug 2
      order new
      open 1
      open 2
      order delete 2
      no
      order delete 2
      yes
      open 1
      quit
      """
    guard let first = try await AppShellProcess.run(arguments, input: script, in: directory) else {
      return
    }
    #expect(first.status == 0, "\(first.standardError)")
    let out = first.standardOutput
    #expect(out.contains("Editing: change a field, or discard to close."))
    #expect(out.contains("Profile saved for Ada Lovelace."))
    #expect(out.contains("Orders › #1 › #2   ('back' returns)"))
    #expect(out.contains("Order #1 · draft · 2 items · $16.00"))
    #expect(out.contains("  2 × mug     $16.00"))
    #expect(out.contains("Delete order #2? Its lines go with it.\nAnswer 'yes' to delete it"))
    #expect(out.contains("? Delete order #2? 'yes': delete it · 'no': keep it"))

    guard case let .restored(saved) = try loadStateFile(stateFile) else {
      Issue.record("The state file was not written")
      return
    }
    // The editor saved the one profile and closed itself; #2 is gone with its screen.
    #expect(saved.profile.name == "Ada Lovelace")
    #expect(saved.profile.editor == nil)
    #expect(saved.orders.list.map(\.id) == [1])
    #expect(saved.orders.path.map(\.orderID) == [1])

    // The open screen comes back; 'back' closes it, and 'yes' with no question is refused.
    let second = try await AppShellProcess.run(
      arguments, input: "back\nback\nyes\nquit\n", in: directory)
    #expect(second?.status == 1)
    #expect(second?.standardOutput.contains("Orders › #1   ('back' returns)") == true)
    #expect(
      second?.standardError
        == """
        error: No order is open; 'open <order>' opens one.
        error: There is no question to answer: 'yes' and 'no' answer the one 'order delete' or \
        'order cancel' asks.
        2 commands were rejected; see the messages above.

        """)
  }
}
