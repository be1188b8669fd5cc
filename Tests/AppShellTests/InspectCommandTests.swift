import Core
import Foundation
import Testing

@testable import AppShell
import TestSupport

/// `AppShell inspect` and the page a replay that stops writes, in process; and what the
/// commands say when they are done.
@MainActor
@Suite struct InspectCommandTests {
  func record(to url: URL, _ send: (Shell) -> Void) throws {
    let recorder = try SessionRecorder<AppState, AppAction>(fileAt: url, initialState: AppState())
    let shell = Shell(initialState: AppState(), recorder: recorder) { $0.useTestServices() }
    send(shell)
    try recorder.finish()
  }

  /// The page's data block, decoded.
  func pageData(at url: URL) throws -> [String: Any] {
    let html = try String(contentsOf: url, encoding: .utf8)
    let start = try #require(html.range(of: #"<script type="application/json" id="data">"#))
    let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
    return try #require(
      try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8))
        as? [String: Any])
  }

  @Test func inspectWritesThePageBesideTheRecordingAndSaysWhere() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("session.jsonl")
    try record(to: url) {
      _ = $0.execute("order new")
      _ = $0.execute("order add 1 mug 2")
      _ = $0.execute("undo")
    }

    var printed = ""
    var errors = ""
    let status = InspectCommand.run(
      arguments: [url.path], showsProgress: false, output: { printed += $0 },
      error: { errors += $0 })

    #expect(status == 0, "\(errors)")
    let page = directory.file("session.html")
    let count = try Recording<AppState, AppAction>(contentsOf: url).actionCount
    #expect(
      printed
        == "Wrote the inspector page of '\(url.path)' (\(count) actions; the replay matches the "
        + "recording) to \(page.path). Open it in a browser.\n")
    #expect(errors.isEmpty)
    let data = try pageData(at: page)
    let steps = try #require(data["steps"] as? [[Any]])
    #expect(steps.count == count)
    #expect(
      steps.contains {
        ($0[0] as? String)?.hasPrefix("AppAction.orders(.view(.addItemButtonTapped(") == true
      })
    #expect(data["difference"] == nil)
  }

  @Test func inspectWritesWhereHTMLSaysAndRefusesWhatItDoesNotTake() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("session.jsonl")
    try record(to: url) { _ = $0.execute("order new") }

    var printed = ""
    #expect(
      InspectCommand.run(
        arguments: ["session.jsonl", "--html", "out/page.html"],
        currentDirectory: directory.url.path, showsProgress: false,
        output: { printed += $0 }, error: { _ in }) == 1)
    // The folder is not made: the page goes where it was told, or nowhere.
    try FileManager.default.createDirectory(
      at: directory.file("out"), withIntermediateDirectories: true)
    #expect(
      InspectCommand.run(
        arguments: ["session.jsonl", "--html=out/page.html"],
        currentDirectory: directory.url.path, showsProgress: false,
        output: { printed += $0 }, error: { _ in }) == 0)
    #expect(
      printed.hasSuffix("to \(directory.file("out/page.html").path). Open it in a browser.\n"))

    var errors = ""
    #expect(InspectCommand.run(arguments: [], error: { errors += $0 }) == 2)
    #expect(InspectCommand.run(arguments: ["a", "b"], error: { errors += $0 }) == 2)
    #expect(InspectCommand.run(arguments: ["a", "--html"], error: { errors += $0 }) == 2)
    #expect(
      errors
        == "AppShell inspect: which recording? Usage: AppShell inspect FILE [--html OUT].\n"
        + "AppShell inspect: unexpected 'b'. Usage: AppShell inspect FILE [--html OUT].\n"
        + "AppShell inspect: '--html' needs a path, like '--html session.html'.\n")
    errors = ""
    #expect(
      InspectCommand.run(
        arguments: [directory.file("missing.jsonl").path], showsProgress: false,
        error: { errors += $0 }) == 1)
    #expect(errors.contains("no file is there"), "\(errors)")
  }

  /// A replay this build no longer reproduces: the error names the page, written beside the
  /// recording, which marks the action where the replay stopped.
  @Test func aReplayThatStopsWritesAPageMarkingTheStep() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("session.jsonl")
    try record(to: url) {
      _ = $0.execute("order new")
      _ = $0.execute("order add 1 mug 2")
    }
    // What a reducer that changed since would show: replaying the actions no longer gives the
    // state recorded at the end.
    let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map {
      $0.contains("addItemButtonTapped")
        ? $0.replacingOccurrences(of: #""quantity":2"#, with: #""quantity":3"#) : String($0)
    }
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)

    var errors = ""
    let status = ReplayCommand.run(
      arguments: [url.path], showsProgress: false, output: { _ in }, error: { errors += $0 })

    #expect(status == 1)
    let page = directory.file("session.html")
    let count = try Recording<AppState, AppAction>(contentsOf: url).actionCount
    #expect(errors.contains("Replay stopped at line"), "\(errors)")
    #expect(
      errors.hasSuffix("The inspector page marks action #\(count): \(page.path)\n"), "\(errors)")
    let difference = try #require(try pageData(at: page)["difference"] as? [String: Any])
    #expect(difference["step"] as? Int == count)
  }

  @Test func replayWithAStateFileSaysWhatItReplayedAndWrote() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("session.jsonl")
    try record(to: url) { _ = $0.execute("order new") }
    let out = directory.file("out.json")

    var printed = ""
    let status = ReplayCommand.run(
      arguments: [url.path, "--state-file", out.path], showsProgress: false,
      output: { printed += $0 }, error: { _ in })

    #expect(status == 0)
    let count = try Recording<AppState, AppAction>(contentsOf: url).actionCount
    #expect(
      printed
        == "Replayed \(count) actions of '\(url.path)'; wrote the final state to \(out.path).\n")
  }
}

/// What a piped script sees: a rejected command's message once, and `undo` with nothing to
/// undo said and passed over unless strict exit codes are asked for.
@Suite struct PlainModeMessagesTests {
  @Test(.timeLimit(.minutes(1)))
  func aRejectedCommandsMessageIsPrintedOnce() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    guard
      let run = try await AppShellProcess.run(
        ["--state-file", directory.file("state.json").path], input: "order new\nopen 9\n",
        in: directory)
    else { return }

    let message = "There is no order #9. Orders: #1."
    #expect(run.status == 1)
    #expect(run.standardError.components(separatedBy: message).count == 2, "\(run.standardError)")
    #expect(!run.standardOutput.contains(message), "\(run.standardOutput)")
    #expect(run.standardError.hasPrefix("error: \(message)\n"))
  }

  @Test(.timeLimit(.minutes(1)))
  func undoWithNothingToUndoIsSaidAndTheScriptGoesOn() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let stateFile = directory.file("state.json").path
    let input = "order new\nundo\nundo\nredo\nredo\norder new\n"
    guard
      let run = try await AppShellProcess.run(
        ["--state-file", stateFile], input: input, in: directory),
      let strict = try await AppShellProcess.run(
        ["--state-file", stateFile, "--strict-exit-codes"], input: "undo\n", in: directory)
    else { return }

    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardError.isEmpty, "\(run.standardError)")
    #expect(run.standardOutput.contains("> undo\nNothing to undo."), "\(run.standardOutput)")
    #expect(run.standardOutput.contains("> redo\nNothing to redo."), "\(run.standardOutput)")
    // It went on: the second order was made.
    #expect(run.standardOutput.contains("#2 "), "\(run.standardOutput)")

    #expect(strict.status == 1)
    #expect(strict.standardError.hasPrefix("error: Nothing to undo"), "\(strict.standardError)")
    #expect(strict.standardError.hasSuffix("1 command was rejected; see the messages above.\n"))
  }
}
