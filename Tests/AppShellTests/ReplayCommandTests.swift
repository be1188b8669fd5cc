import Core
import Foundation
import Testing

@testable import AppShell
import TestSupport

/// `AppShell replay` in process: what it prints, for recordings made here.
@MainActor
@Suite struct ReplayCommandTests {
  /// Records `send` on a fresh app to `url`, then cuts the end line off when `cut`.
  func record(to url: URL, cut: Bool, _ send: (Shell) -> Void) throws {
    let recorder = try SessionRecorder<AppState, AppAction>(fileAt: url, initialState: AppState())
    let shell = Shell(initialState: AppState(), recorder: recorder) { $0.useTestServices() }
    send(shell)
    try recorder.finish()
    guard cut else { return }
    let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
    try Data((lines.dropLast().joined(separator: "\n") + "\n").utf8).write(to: url)
  }

  @Test func theNoteOnARecordingWithNoEndLineShowsItsPathEscaped() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("c\u{1B}[31mR.jsonl")
    try record(to: url, cut: true) { _ = $0.execute("order new") }
    #expect(try !Recording<AppState, AppAction>(contentsOf: url).isComplete)

    var errors = ""
    let status = ReplayCommand.run(
      arguments: [url.path], output: { _ in }, error: { errors += $0 })

    #expect(status == 0)
    #expect(errors.contains("c^[[31mR.jsonl' has no end line"), "\(errors)")
    #expect(!TerminalText.hasControlCharacters(errors.replacingOccurrences(of: "\n", with: "")))
  }

  @Test func thePrintedStateWritesWhatATerminalWouldActOnAsJSONEscapes() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("session.jsonl")
    // Fields typed at the prompt refuse these; a recording can still hold them.
    try record(to: url, cut: false) {
      $0.store.send(.profile(.view(.nameChanged("Ada\u{202E}\u{9B}31m\u{7F}"))))
    }

    var printed = ""
    let status = ReplayCommand.run(arguments: [url.path], output: { printed += $0 })

    #expect(status == 0)
    #expect(printed.contains(#"Ada\u202E\u009B31m\u007F"#), "\(printed)")
    #expect(!TerminalText.hasControlCharacters(printed.replacingOccurrences(of: "\n", with: "")))
    // Still JSON, holding the same name.
    #expect(try JSONSerialization.jsonObject(with: Data(printed.utf8)) is [String: Any])
  }

  /// OUT in a folder that does not exist yet: the folder is made, as for `--record` and the
  /// app's own `--state-file`, and the replay leaves nothing but OUT in it, no `OUT.lock`.
  @Test func replayMakesAMissingFolderForOUTAndLeavesNoLockFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("session.jsonl")
    try record(to: url, cut: false) { _ = $0.execute("order new") }
    let out = directory.file("new/deeper/out.json")

    for _ in 1...2 {
      var errors = ""
      let status = ReplayCommand.run(
        arguments: [url.path, "--state-file", out.path], output: { _ in },
        error: { errors += $0 })
      #expect(status == 0, "\(errors)")
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: out.deletingLastPathComponent().path)
          == ["out.json"])
    }
    guard case let .restored(state) = try loadStateFile(out) else {
      Issue.record("OUT holds no state")
      return
    }
    #expect(state.orders.list.count == 1)
  }

  /// A lock file that was there before (an app used OUT) stays: another process may hold it.
  @Test func replayLeavesALockFileItDidNotMake() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("session.jsonl")
    try record(to: url, cut: false) { _ = $0.execute("order new") }
    let out = directory.file("out.json")
    let lock = directory.file("out.json.lock")
    _ = FileManager.default.createFile(atPath: lock.path, contents: Data())

    let status = ReplayCommand.run(
      arguments: [url.path, "--state-file", out.path], output: { _ in }, error: { _ in })

    #expect(status == 0)
    #expect(FileManager.default.fileExists(atPath: lock.path))
  }

  /// OUT held by a running app is refused, untouched, and its lock file stays.
  @Test func replayRefusesAnOUTInUse() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("session.jsonl")
    try record(to: url, cut: false) { _ = $0.execute("order new") }
    let out = directory.file("out.json")
    let holder = try PersistedState.open(.appState, at: out, storage: FileSystemStorage())

    var errors = ""
    let status = ReplayCommand.run(
      arguments: [url.path, "--state-file", out.path], output: { _ in }, error: { errors += $0 })

    #expect(status == 2)
    #expect(errors.contains("in use"), "\(errors)")
    #expect(!FileManager.default.fileExists(atPath: out.path))
    #expect(FileManager.default.fileExists(atPath: out.path + ".lock"))
    withExtendedLifetime(holder) {}
  }

  /// `--` ends the options, so a recording's name may start with "--".
  @Test func aDoubleDashEndsReplaysOptions() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("--session.jsonl")
    try record(to: url, cut: false) { _ = $0.execute("order new") }

    var printed = ""
    var errors = ""
    let status = ReplayCommand.run(
      arguments: ["--", "--session.jsonl"], currentDirectory: directory.url.path,
      output: { printed += $0 }, error: { errors += $0 })

    #expect(status == 0, "\(errors)")
    #expect(printed.contains("\"nextID\""))
  }
}
