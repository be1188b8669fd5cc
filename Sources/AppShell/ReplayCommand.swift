import Core
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `AppShell replay FILE [--state-file OUT]`: replays a recorded session without a screen and
/// writes the final state to OUT, or prints it.
///
/// The state is what the recorded session saved at its end, timestamps and order numbers
/// included, because the reducers run again on the recorded actions with the recorded UUIDs
/// and dates. OUT is written only when the replay succeeded.
@MainActor
enum ReplayCommand {
  /// Runs the command with `arguments` (after `replay`); returns the exit status.
  static func run(
    arguments: [String],
    currentDirectory: String = FileManager.default.currentDirectoryPath,
    showsProgress: Bool? = nil,
    output: (String) -> Void = { Terminal.write($0) },
    error: (String) -> Void = { Terminal.writeError($0) }
  ) -> Int32 {
    guard
      let parsed = RecordingCommandArguments.parse(
        arguments, command: "replay", option: "--state-file", example: "out.json", error: error)
    else { return 2 }
    let recordingPath = parsed.recordingPath
    let outPath = parsed.outputPath
    let recordingURL = Options.resolve(recordingPath, in: currentDirectory)
    let shown = TerminalText.escaped(recordingURL.lastPathComponent)
    let progress = ProgressLine("Replaying \(shown)", isShown: showsProgress)
    let state: AppState
    let actionCount: Int
    let recording: Recording<AppState, AppAction>
    do {
      recording = try Recording<AppState, AppAction>(contentsOf: recordingURL)
    } catch let failure {
      error("AppShell replay: \(escaped(String(describing: failure)))\n")
      return 1
    }
    do {
      let total = recording.actionCount
      state = try recording.replayed(
        with: AppRoot(), progress: { progress.update($0, of: total) }
      ).state
      progress.clear()
      actionCount = total
      if !recording.isComplete {
        error(
          "AppShell replay: note: '\(TerminalText.escaped(recordingURL.path))' has no end line "
            + "(the session did not quit normally); replayed its \(recording.actionCount) "
            + "actions.\n")
      }
    } catch let failure {
      progress.clear()
      error(
        "AppShell replay: \(escaped(String(describing: failure)))\n"
          + inspectorPageNote(recording, at: recordingURL, difference: failure))
      return 1
    }
    guard let outPath else {
      let json = (try? PersistenceFormat.appState.encode(state))
        .map { String(decoding: $0, as: UTF8.self) }
      output(json.map(Self.terminalSafeJSON) ?? "{}\n")
      return 0
    }
    // Through the same persisted-state file as the app's: a path that is not a regular file is
    // refused untouched, a file in use by a running app is not written, a damaged one is kept
    // aside, and a missing folder is made.
    let url = Options.resolve(outPath, in: currentDirectory)
    let lockFile = url.path + ".lock"
    let makesLockFile = !FileManager.default.fileExists(atPath: lockFile)
    do {
      let persisted = try PersistedState.open(.appState, at: url, storage: FileSystemStorage())
      try withExtendedLifetime(persisted) { () throws(PersistenceError) in
        persisted.save(state)
        let failure = persisted.flush()
        // A replay is over in a moment, unlike an app: the lock file it made goes with it.
        // Removed while still held, so an app that starts meanwhile finds it in use, as during
        // the replay, or makes a new one; one left by an app stays, as an app leaves it.
        if makesLockFile { unsafe unlink(lockFile) }
        if let failure { throw failure }
      }
    } catch let failure {
      error("AppShell replay: \(TerminalText.escaped(String(describing: failure)))\n")
      return 2
    }
    output(
      "Replayed \(actionCount) action\(actionCount == 1 ? "" : "s") of "
        + "'\(TerminalText.escaped(recordingURL.path))'; wrote the final state to "
        + "\(TerminalText.escaped(url.path)).\n")
    return 0
  }

  /// Writes the inspector page of a recording whose replay stopped at `difference`, beside
  /// it, and says where; or says why it could not.
  private static func inspectorPageNote(
    _ recording: Recording<AppState, AppAction>, at recordingURL: URL, difference: ReplayError
  ) -> String {
    // Before the first action there is no step to mark: the state it starts from differs.
    guard difference.actionIndex > 0 else { return "" }
    let pageURL = InspectorPage.url(besideRecordingAt: recordingURL)
    do {
      try recording.writeInspectorPage(to: pageURL, with: AppRoot())
      return "The inspector page marks action #\(difference.actionIndex): "
        + "\(TerminalText.escaped(pageURL.path))\n"
    } catch {
      return "(The inspector page could not be written to "
        + "\(TerminalText.escaped(pageURL.path)): "
        + "\(TerminalText.escaped(String(describing: error))).)\n"
    }
  }

  /// `json` with the characters a terminal would act on written as JSON escapes (`\u202E`):
  /// `JSONEncoder` escapes C0 controls in strings, but not DEL, C1 controls or bidirectional
  /// overrides. The line breaks between values stay; the JSON decodes to the same value.
  private static func terminalSafeJSON(_ json: String) -> String {
    guard json.unicodeScalars.contains(where: { $0 != "\n" && TerminalText.needsEscaping($0) })
    else { return json }
    var result = ""
    for scalar in json.unicodeScalars {
      if scalar != "\n", TerminalText.needsEscaping(scalar) {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// `text` with its control characters shown escaped, line by line (a diff keeps its lines).
  private static func escaped(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { TerminalText.escaped(String($0)) }.joined(separator: "\n")
  }
}
