import Core
import Foundation
import Testing

@testable import AppShell
import TestSupport

/// Records a session of the built `AppShell` with `--record`, replays it with `AppShell replay`,
/// and compares the replayed state with the one the session saved.
@Suite struct RecordingReplayEndToEndTests {
  @Test(.timeLimit(.minutes(1)))
  func aRecordedSessionReplaysToTheStateItSaved() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let stateFile = directory.file("state.json")
    let recording = directory.file("session.jsonl")
    let replayed = directory.file("replayed.json")
    let script = """
      profile name Ada Lovelace
      profile email ada@example.org
      profile address 12 Analytical Way, London, N1 7AA, UK
      profile save
      wait
      order new
      order add 1 mug 2
      order add 1 tea
      order quantity 1 tea 4
      undo
      order submit 1
      wait
      order new
      order add 2 lamp
      order delete 2
      yes
      undo
      quit
      """
    let arguments = [
      "--state-file", stateFile.path, "--latency", "0.04", "--record", recording.path,
    ]
    guard let session = try await AppShellProcess.run(arguments, input: script, in: directory)
    else { return }
    #expect(session.status == 0, "\(session.standardError)")

    guard
      let replay = try await AppShellProcess.run(
        ["replay", recording.path, "--state-file", replayed.path], input: "", in: directory)
    else { return }
    #expect(replay.status == 0, "\(replay.standardError)")
    #expect(replay.standardError == "")

    let saved = try String(contentsOf: stateFile, encoding: .utf8)
    // Confirmation codes, timestamps and order numbers included.
    #expect(saved.contains("\"confirmed\""))
    #expect(try String(contentsOf: replayed, encoding: .utf8) == saved)

    // Without --state-file, it prints the state.
    guard
      let printed = try await AppShellProcess.run(
        ["replay", recording.path], input: "", in: directory)
    else { return }
    #expect(printed.standardOutput.contains("\"Ada Lovelace\""))

    // A recording this build no longer reproduces (here: an action edited) stops with a diff,
    // and OUT is not written.
    let edited = try String(contentsOf: recording, encoding: .utf8)
      .replacingOccurrences(of: "\"Ada Lovelace\"", with: "\"Grace Hopper\"")
    try Data(edited.utf8).write(to: recording)
    try FileManager.default.removeItem(at: replayed)
    guard
      let diverged = try await AppShellProcess.run(
        ["replay", recording.path, "--state-file", replayed.path], input: "", in: directory)
    else { return }
    #expect(diverged.status == 1)
    #expect(diverged.standardError.contains("Replay stopped at line"), "\(diverged.standardError)")
    #expect(
      diverged.standardError.contains(
        "- activity[0]: \"Profile saved for Ada Lovelace.\"\n"
          + "+ activity[0]: \"Profile saved for Grace Hopper.\""))
    // Only what the recording holds is compared: the undo history, not saved, is not in it.
    #expect(!diverged.standardError.contains("history.past"))
    #expect(!FileManager.default.fileExists(atPath: replayed.path))
  }

  @Test(.timeLimit(.minutes(1)))
  func badRecordingsAndPathsAreRefusedAndNothingIsWritten() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let out = directory.file("out.json")
    let empty = directory.file("empty.jsonl")
    _ = FileManager.default.createFile(atPath: empty.path, contents: Data())
    let foreign = directory.file("notes.txt")
    try Data("shopping list\n".utf8).write(to: foreign)

    for (file, message) in [
      (empty, "is empty, not a recording"), (foreign, "is not a recording"),
      (directory.file("missing.jsonl"), "no file is there"),
    ] {
      guard
        let run = try await AppShellProcess.run(
          ["replay", file.path, "--state-file", out.path], input: "", in: directory)
      else { return }
      #expect(run.status != 0)
      #expect(run.standardError.contains(message), "\(run.standardError)")
      #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    // `--record` on a directory is refused and the app does not start.
    let folder = directory.file("folder")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    guard
      let run = try await AppShellProcess.run(
        ["--state-file", directory.file("s.json").path, "--record", folder.path],
        input: "quit\n", in: directory)
    else { return }
    #expect(run.status == 2)
    #expect(run.standardError.contains("is a directory, not a regular file"))
    var isDirectory: ObjCBool = false
    unsafe #expect(FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory))
    #expect(isDirectory.boolValue)
  }

  @Test(.timeLimit(.minutes(1)))
  func aRefusedRecordingLeavesADamagedStateFileWhereItWas() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let data = directory.file("data")
    try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
    let stateFile = data.appendingPathComponent("state.json")
    try Data("garbage\n".utf8).write(to: stateFile)
    let notes = directory.file("notes.txt")
    try Data("notes\n".utf8).write(to: notes)

    let folder = directory.file("folder")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (target, message) in [
      (notes, "is not a recording"), (folder, "is a directory, not a regular file"),
      (
        notes.appendingPathComponent("new/session.jsonl"), "is a file, so its folder cannot be made"
      ),
    ] {
      guard
        let run = try await AppShellProcess.run(
          ["--state-file", stateFile.path, "--record", target.path], input: "quit\n",
          in: directory)
      else { return }
      #expect(run.status == 2)
      #expect(run.standardError.contains(message), "\(run.standardError)")
      // The app did not start: the damaged file is neither moved aside nor locked.
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: data.path) == ["state.json"])
      #expect(try Data(contentsOf: stateFile) == Data("garbage\n".utf8))
    }
    #expect(try Data(contentsOf: notes) == Data("notes\n".utf8))
  }

  /// `--record` into a folder that does not exist yet makes it, as `replay --state-file` and
  /// the app's own `--state-file` do.
  @Test(.timeLimit(.minutes(1)))
  func recordingIntoAMissingFolderMakesIt() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let recording = directory.file("new/deeper/session.jsonl")
    guard
      let run = try await AppShellProcess.run(
        ["--state-file", directory.file("state.json").path, "--record", recording.path],
        input: "order new\nquit\n", in: directory)
    else { return }
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.contains("Recording this session to \(recording.path)."))
    #expect(try Recording<AppState, AppAction>(contentsOf: recording).isComplete)
  }
}
