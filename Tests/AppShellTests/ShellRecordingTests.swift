import Core
import Foundation
import Testing

@testable import AppShell
import TestSupport

/// What a session recorded with `--record` holds: the actions of the commands that changed
/// something, and nothing for the others.
@MainActor
@Suite struct ShellRecordingTests {
  @Test func commandsThatChangeNothingAddNothingToTheRecording() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let recorder = try SessionRecorder<AppState, AppAction>(
      fileAt: directory.file("session.jsonl"), initialState: AppState())
    let shell = Shell(initialState: AppState(), recorder: recorder) { $0.useTestServices() }

    for line in [
      "help", "orders", "products", "profile", "state", "stats", "wait", "undo", "redo", "yes",
      "no", "profile save", "profile discard", "ordr new", "order add 1 mug many", "", "quit",
    ] {
      _ = shell.execute(line)
      #expect(recorder.actionCount == 0, "'\(line)' added \(recorder.actionCount) actions")
    }

    _ = shell.execute("order new")
    #expect(recorder.actionCount > 0)
    try recorder.finish()
  }
}
