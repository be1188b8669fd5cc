import Core
import Foundation
import TestSupport
import Testing

@testable import AppShell

/// The state file is never lost: every save leaves a complete file, an interrupted save leaves
/// the previous one, and whole sessions of random input, run as a user would, always end with a
/// good file and every bad starting file kept aside.
///
/// Serialized: the sessions each run the executable, and one process at a time keeps a
/// two-core machine responsive for the tests running alongside.
@MainActor
@Suite(.serialized) struct StateFileSafetyTests {
  @Test func everySaveLeavesACompleteFileWithTheLatestState() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("state.json")
    try saveStateFile(sampleState(), to: url)
    let shell = Shell(
      initialState: sampleState(), persisted: try PersistedState.open(.appState, at: url)
    ) {
      $0.useTestServices()
    }
    var generator = SplitMix64(seed: 99)

    for index in 0..<300 {
      _ = shell.execute(FuzzLines.line(using: &generator))
      if index.isMultiple(of: 25) { await shell.waitUntilIdle() }
      // Saves are written in the background; wait for this one.
      guard shell.saveNow() else {
        Issue.record("line \(index): saving failed: \(shell.saveError ?? "")")
        return
      }
      // The file on disk is the state as of the last change, saved whole.
      let onDisk = try Data(contentsOf: url)
      let expected = try stateFileData(shell.store.state)
      guard onDisk == expected else {
        Issue.record("line \(index): the file does not hold the current state")
        return
      }
    }
    await shell.waitUntilIdle()
    #expect(try directory.contents() == ["state.json", "state.json.lock"])
  }

  @Test func aSaveInterruptedBeforeItsRenameLeavesThePreviousFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("state.json")
    try saveStateFile(sampleState(), to: url)
    let good = try Data(contentsOf: url)
    // What a crash between writing the temporary file and renaming it leaves behind: the
    // whole new file, or only part of it.
    let encoded = try stateFileData(AppState())
    try encoded.prefix(encoded.count / 2).write(to: directory.file(".state.json.1.tmp"))
    try encoded.write(to: directory.file(".state.json.2.tmp"))

    #expect(try loadStateFile(url) == .restored(sampleState()))
    #expect(try Data(contentsOf: url) == good)

    var state = sampleState()
    state.activity.append("Later.")
    try saveStateFile(state, to: url)
    #expect(try loadStateFile(url) == .restored(state))
  }

  @Test func savingWhereNoFileCanBeWrittenSaysWhereAndKeepsRunning() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("blocker/state.json")
    let shell = Shell(
      initialState: AppState(), persisted: try PersistedState.open(.appState, at: url)
    ) {
      $0.useTestServices()
    }
    // The state file's directory is replaced by a file: no save can succeed any more.
    try FileManager.default.removeItem(at: directory.file("blocker"))
    try Data("not a directory".utf8).write(to: directory.file("blocker"))

    _ = shell.execute("profile name Ada")
    _ = shell.execute("order new")

    #expect(!shell.saveNow())
    #expect(shell.saveError?.contains("Could not save the state to '\(url.path)'") == true)
    #expect(shell.store.state.orders.list.count == 1)
    #expect(try String(contentsOf: directory.file("blocker"), encoding: .utf8) == "not a directory")
  }

  /// Whole sessions of the built executable: random input on a good, damaged, or missing
  /// state file.
  @Test(.timeLimit(.minutes(2)), arguments: 0..<8)
  func randomSessionsAlwaysEndWithAGoodFile(session: Int) async throws {
    var generator = SplitMix64(seed: 4_242 + UInt64(session))
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("state.json")
    let good = try FuzzStateFiles.goodFile()
    var start: Data?
    switch session % 4 {
    case 0: start = nil
    case 1: start = good
    case 2: start = FuzzStateFiles.damagedBytes(good, using: &generator)
    default: start = FuzzStateFiles.noise(using: &generator)
    }
    if let start { try start.write(to: url) }
    // What loading this file does, found on a copy: restore it, or move it aside.
    var expected: LoadedStateFile = .empty
    if let start {
      let probe = try TemporaryDirectory()
      defer { probe.remove() }
      try start.write(to: probe.file("state.json"))
      expected = try loadStateFile(probe.file("state.json"))
    }
    let lines = (0..<150).map { _ in FuzzLines.line(using: &generator) }
      .filter { !$0.contains("\n") && !$0.contains("\r") }
    let script = lines.joined(separator: "\n") + "\n"

    guard
      let run = try await AppShellProcess.run(
        ["--state-file", url.path, "--latency", "0"], input: script, in: directory)
    else { return }

    let context = "session \(session): status \(run.status)\n\(run.standardError.prefix(2_000))"
    #expect([0, 1].contains(run.status), "\(context)")
    if run.status == 1 {
      #expect(run.standardError.contains("error: "), "\(context)")
    }
    // The file left behind is good.
    guard case .restored = try loadStateFile(url) else {
      Issue.record("session \(session): no good state file at the end\n\(context)")
      return
    }
    let names = try directory.contents()
    #expect(!names.contains { $0.hasSuffix(".tmp") }, "temporary files left: \(names)")
    // A starting file the app could not use was kept, untouched.
    let aside = names.filter { $0.hasPrefix("state.json.corrupt-") }
    if case .movedAside = expected {
      #expect(aside.count == 1, "\(context)")
      #expect(
        FileManager.default.contents(atPath: directory.file(aside.first ?? "").path) == start)
      #expect(run.standardError.contains("could not be used"), "\(context)")
    } else {
      #expect(aside.isEmpty, "\(context)")
    }
  }
}
