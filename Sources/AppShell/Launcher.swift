import Core
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Starts the app: parses the options, loads the state, and runs a session in the terminal
/// or line by line.
@MainActor
enum Launcher {
  /// Runs the app with `arguments` (without the program name); returns the exit status.
  static func run(arguments: [String]) async -> Int32 {
    // `swift run AppShell -- --help` passes its `--` on: that one ends swift run's options, so
    // AppShell's own start after it.
    let arguments = arguments.first == "--" ? Array(arguments.dropFirst()) : arguments
    if arguments.first == "replay" {
      return ReplayCommand.run(arguments: Array(arguments.dropFirst()))
    }
    if arguments.first == "inspect" {
      return InspectCommand.run(arguments: Array(arguments.dropFirst()))
    }
    let options: Options
    do {
      options = try Options.parse(arguments)
    } catch {
      Terminal.writeError(
        "AppShell: \(TerminalText.escaped(error.message))\nType 'AppShell --help' for the usage.\n")
      return 2
    }
    if options.showsHelp {
      Terminal.write(HelpText.usage(defaultStateFile: DataDirectory.defaultStateFile().path) + "\n")
      return 0
    }
    let url = options.stateFile ?? DataDirectory.defaultStateFile()
    let recordFile = options.recordFile
    let opened: Opened
    do {
      // The recording's path first: refused, it must leave the state file as it found it.
      if let recordFile { try RecordingDestination.check(recordFile) }
      opened = try open(url, readOnly: options.isReadOnly)
    } catch {
      Terminal.writeError("AppShell: \(TerminalText.escaped(String(describing: error)))\n")
      return 2
    }
    var (notes, warnings) = (opened.notes, opened.warnings)
    let recorder: SessionRecorder<AppState, AppAction>?
    do {
      recorder = try recordFile.map { file throws(RecordingError) in
        try RecordingDestination.makeFolder(for: file)
        return try SessionRecorder(fileAt: file, initialState: opened.state)
      }
    } catch {
      // The file changed since it was checked. The state file may have been moved aside: say so.
      let told = warnings.map { "AppShell: \(TerminalText.escaped($0))\n" }.joined()
      Terminal.writeError(
        told + "AppShell: \(TerminalText.escaped(String(describing: error)))\n")
      return 2
    }
    if let recordFile { notes.append("Recording this session to \(recordFile.path).") }
    let latency = options.latency
    let shell = Shell(initialState: opened.state, persisted: opened.persisted, recorder: recorder) {
      $0.ordersClient = .simulated(stepDuration: latency / 4)
      $0.profileClient = .simulated(latency: latency / 5)
    }
    let status: Int32
    if Terminal.isInteractive, !options.isPlain, let settings = Terminal.enterRawMode() {
      status = await ScreenSession(shell: shell, console: .live(restoring: settings))
        .run(notes: notes, warnings: warnings, events: TerminalEvent.live())
    } else {
      let width = isatty(STDOUT_FILENO) == 1 ? min(Terminal.size.columns, 100) : 72
      status = await PlainSession(
        shell: shell, echoesInput: isatty(STDIN_FILENO) == 0, width: width,
        strictExitCodes: options.strictExitCodes
      )
      .run(notes: notes, warnings: warnings, lines: InputSource.lines())
    }
    do {
      try recorder?.finish()
    } catch {
      Terminal.writeError("AppShell: \(TerminalText.escaped(String(describing: error)))\n")
      return status == 0 ? 1 : status
    }
    return status
  }

  /// A state file opened for a session.
  struct Opened: Sendable {
    /// The state file, locked for the whole session unless read-only.
    var persisted: PersistedState<AppState>
    var state: AppState
    var notes: [String] = []
    var warnings: [String] = []
  }

  /// Opens the state file at `url` with the framework's `PersistedState`: refuses a path that
  /// is not a regular file, locks it unless `readOnly`, and loads it; a bad file is moved aside
  /// (only the newest few such files are kept), or refused when `readOnly`.
  ///
  /// - Throws: ``StateFileError`` when the app must not start; nothing was changed then.
  nonisolated static func open(
    _ url: URL, readOnly: Bool, storage: any PersistentStorage = FileSystemStorage()
  ) throws(StateFileError) -> Opened {
    let location = url.path
    let persisted: PersistedState<AppState>
    do {
      persisted = try PersistedState.open(.appState, at: url, readOnly: readOnly, storage: storage)
    } catch {
      throw StateFileError(error)
    }
    var state = persisted.value ?? AppState()
    if persisted.value != nil { state.prepareAfterLoading() }
    var opened = Opened(persisted: persisted, state: state)
    switch (persisted.outcome, readOnly) {
    case (.restored, true):
      opened.notes = ["Read-only: showing \(location); your changes will not be saved."]
    case (_, true):
      opened.notes = [
        "Read-only: there is no state at \(location) yet; changes will not be saved."
      ]
    case (.empty, false):
      opened.notes = ["Starting fresh; your state will be saved to \(location)."]
    case (.restored, false):
      opened.notes = ["Restored your state from \(location)."]
    case let (.movedAside(movedTo, reason, removed), false):
      var warning =
        "The state file \(location) could not be used: \(reason). It was moved to \(movedTo), "
        + "untouched; starting fresh."
      if !removed.isEmpty {
        warning +=
          " Only the newest \(PersistedState<AppState>.keptMovedAsideFiles) such files are kept; "
          + "removed \(removed.count) older: \(removed.joined(separator: ", "))."
      }
      opened.warnings = [warning]
    }
    return opened
  }
}
