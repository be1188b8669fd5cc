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
    if arguments.first == "replay" {
      return ReplayCommand.run(arguments: Array(arguments.dropFirst()))
    }
    let options: Options
    let recordFile: URL?
    do {
      let record = try RecordOption.extract(from: arguments)
      recordFile = record.file
      options = try Options.parse(record.rest)
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
    let file = StateFile(url: url)
    let opened: Opened
    do {
      opened = try open(file, readOnly: options.isReadOnly)
    } catch {
      Terminal.writeError("AppShell: \(TerminalText.escaped(String(describing: error)))\n")
      return 2
    }
    var (notes, warnings) = (opened.notes, opened.warnings)
    let recorder: SessionRecorder<AppState, AppAction>?
    do {
      recorder = try recordFile.map {
        try SessionRecorder(fileAt: $0, initialState: opened.state)
      }
    } catch {
      Terminal.writeError("AppShell: \(TerminalText.escaped(String(describing: error)))\n")
      return 2
    }
    if let recordFile { notes.append("Recording this session to \(recordFile.path).") }
    let latency = options.latency
    let shell = Shell(initialState: opened.state, recorder: recorder) {
      $0.persistence = opened.persistence
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
        shell: shell, echoesInput: isatty(STDIN_FILENO) == 0, width: width
      )
      .run(notes: notes, warnings: warnings, lines: InputSource.lines())
    }
    withExtendedLifetime(opened.lock) {}
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
    var persistence: Persistence
    var state: AppState
    var notes: [String] = []
    var warnings: [String] = []
    /// Held for the whole session; `nil` when read-only.
    var lock: StateFileLock?
  }

  /// Checks that `file` is a regular file or missing, locks it unless `readOnly`, and loads
  /// it; a bad file is moved aside (only the newest few such files are kept).
  ///
  /// - Throws: ``StateFileError`` when the app must not start; nothing was changed then.
  nonisolated static func open(_ file: StateFile, readOnly: Bool) throws -> Opened {
    let location = file.url.path
    // Refuse a directory, device or FIFO before making anything beside it.
    _ = try file.checkKind()
    if readOnly {
      switch try file.load(movingAside: false) {
      case let .restored(state):
        return Opened(
          persistence: .readOnly(state, location: location), state: state,
          notes: ["Read-only: showing \(location); your changes will not be saved."])
      case .empty, .movedAside:
        return Opened(
          persistence: .readOnly(nil, location: location), state: AppState(),
          notes: ["Read-only: there is no state at \(location) yet; changes will not be saved."])
      }
    }
    let lock = try StateFileLock.acquire(for: file.url)
    let persistence = Persistence(
      location: location, load: { try file.load() }, save: { try file.save($0) })
    switch try file.load() {
    case .empty:
      return Opened(
        persistence: persistence, state: AppState(),
        notes: ["Starting fresh; your state will be saved to \(location)."], lock: lock)
    case let .restored(state):
      return Opened(
        persistence: persistence, state: state,
        notes: ["Restored your state from \(location)."], lock: lock)
    case let .movedAside(movedTo, reason):
      let removed = file.removeOldCorruptFiles()
      var warning =
        "The state file \(location) could not be used: \(reason). It was moved to \(movedTo), "
        + "untouched; starting fresh."
      if !removed.isEmpty {
        warning +=
          " Only the newest \(StateFile.keptCorruptFiles) such files are kept; removed "
          + "\(removed.count) older: \(removed.joined(separator: ", "))."
      }
      return Opened(persistence: persistence, state: AppState(), warnings: [warning], lock: lock)
    }
  }
}
