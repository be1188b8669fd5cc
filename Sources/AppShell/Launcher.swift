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
    let options: Options
    do {
      options = try Options.parse(arguments)
    } catch {
      Terminal.writeError("AppShell: \(error.message)\nType 'AppShell --help' for the usage.\n")
      return 2
    }
    if options.showsHelp {
      Terminal.write(HelpText.usage(defaultStateFile: DataDirectory.defaultStateFile().path) + "\n")
      return 0
    }
    let persistence = Persistence.file(at: options.stateFile ?? DataDirectory.defaultStateFile())
    let initialState: AppState
    var notes: [String] = []
    var warnings: [String] = []
    do {
      switch try persistence.load() {
      case .empty:
        initialState = AppState()
        notes.append("Starting fresh; your state will be saved to \(persistence.location).")
      case let .restored(state):
        initialState = state
        notes.append("Restored your state from \(persistence.location).")
      case let .movedAside(movedTo, reason):
        initialState = AppState()
        warnings.append(
          "The state file \(persistence.location) could not be used: \(reason). It was moved "
            + "to \(movedTo), untouched; starting fresh.")
      }
    } catch {
      Terminal.writeError("AppShell: \(error)\n")
      return 2
    }
    let latency = options.latency
    let shell = Shell(initialState: initialState) {
      $0.persistence = persistence
      $0.ordersClient = .simulated(stepDuration: latency / 4)
      $0.profileClient = .simulated(latency: latency / 5)
    }
    if Terminal.isInteractive && !options.isPlain {
      return await ScreenSession(shell: shell).run(notes: notes, warnings: warnings)
    }
    let width = isatty(STDOUT_FILENO) == 1 ? min(Terminal.size.columns, 100) : 72
    return await PlainSession(shell: shell, echoesInput: isatty(STDIN_FILENO) == 0, width: width)
      .run(notes: notes, warnings: warnings, lines: InputSource.lines())
  }
}
