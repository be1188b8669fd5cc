import Core
import Foundation

/// `AppShell inspect FILE [--html OUT]`: makes the inspector page of a recorded session, a
/// self-contained HTML page to open in a browser, and says where it wrote it.
///
/// The page goes beside the recording (`session.jsonl` gives `session.html`) unless `--html`
/// says where. A recording this build no longer reproduces still gets its page, which marks
/// the first step that differs.
@MainActor
enum InspectCommand {

  /// Runs the command with `arguments` (after `inspect`); returns the exit status.
  static func run(
    arguments: [String],
    currentDirectory: String = FileManager.default.currentDirectoryPath,
    showsProgress: Bool? = nil,
    output: (String) -> Void = { Terminal.write($0) },
    error: (String) -> Void = { Terminal.writeError($0) }
  ) -> Int32 {
    guard
      let parsed = RecordingCommandArguments.parse(
        arguments, command: "inspect", option: "--html", example: "session.html", error: error)
    else { return 2 }
    let recordingPath = parsed.recordingPath
    let htmlPath = parsed.outputPath
    let recordingURL = Options.resolve(recordingPath, in: currentDirectory)
    let pageURL =
      htmlPath.map { Options.resolve($0, in: currentDirectory) }
      ?? InspectorPage.url(besideRecordingAt: recordingURL)
    let shown = TerminalText.escaped(recordingURL.lastPathComponent)
    let progress = ProgressLine("Inspecting \(shown)", isShown: showsProgress)
    let page: InspectorPage
    do {
      let recording = try Recording<AppState, AppAction>(contentsOf: recordingURL)
      page = try recording.writeInspectorPage(
        to: pageURL, with: AppRoot(), marking: nil,
        progress: { progress.update($0, of: $1) })
      progress.clear()
    } catch let failure {
      progress.clear()
      error("AppShell inspect: \(TerminalText.escaped(String(describing: failure)))\n")
      return 1
    }
    let actions = "\(page.stepCount) action\(page.stepCount == 1 ? "" : "s")"
    let verdict =
      page.difference.map { "the replay differs at action #\($0.actionIndex), which it marks" }
      ?? "the replay matches the recording"
    output(
      "Wrote the inspector page of '\(TerminalText.escaped(recordingURL.path))' (\(actions); "
        + "\(verdict)) to \(TerminalText.escaped(pageURL.path)). Open it in a browser.\n")
    return 0
  }
}
