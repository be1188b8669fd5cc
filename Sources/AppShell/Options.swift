import Foundation

/// The command-line options of `AppShell`.
struct Options: Equatable {
  /// Print the help and leave.
  var showsHelp = false
  /// The state file; `nil` for the default one.
  var stateFile: URL?
  /// How long the simulated order service takes to process a submission.
  var latency: Duration = .seconds(2)
  /// Plain line-by-line output even on a terminal.
  var isPlain = false
  /// Open the state file without locking or saving it, to look while another app uses it.
  var isReadOnly = false
  /// The file `--record` records the session to, if any.
  var recordFile: URL?
  /// Whether `undo` or `redo` with nothing to do makes the exit status 1, as a rejected
  /// command does, when commands are read line by line.
  var strictExitCodes = false

  /// What AppShell takes, for the message that refuses an argument.
  static let usage =
    "Options: --state-file PATH, --latency SECONDS, --plain, --read-only, --record FILE, "
    + "--strict-exit-codes, --help; or 'AppShell replay FILE [--state-file OUT]', or "
    + "'AppShell inspect FILE [--html OUT]'."

  /// The option names, for "Did you mean ...?".
  private static let names = [
    "--state-file", "--latency", "--plain", "--read-only", "--record", "--strict-exit-codes",
    "--help",
  ]

  /// Parses `arguments` (without the program name). `--` ends the options, as usual: what
  /// follows it is never taken as an option, and AppShell takes nothing else.
  static func parse(
    _ arguments: [String], currentDirectory: String = FileManager.default.currentDirectoryPath
  )
    throws(CommandError) -> Options
  {
    var options = Options()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      let (name, inlineValue) = split(argument)
      switch name {
      case "-h", "--help":
        options.showsHelp = true
      case "--plain":
        options.isPlain = true
      case "--read-only":
        options.isReadOnly = true
      case "--strict-exit-codes":
        options.strictExitCodes = true
      case "--state-file":
        guard let path = inlineValue ?? remaining.popFirst(), !path.isEmpty else {
          throw CommandError("'--state-file' needs a path, like '--state-file ~/orders.json'.")
        }
        options.stateFile = resolve(path, in: currentDirectory)
      case "--record":
        guard let path = inlineValue ?? remaining.popFirst(), !path.isEmpty, !path.hasPrefix("--")
        else {
          throw CommandError("'--record' needs a path, like '--record session.jsonl'.")
        }
        options.recordFile = resolve(path, in: currentDirectory)
      case "--latency":
        guard let text = inlineValue ?? remaining.popFirst() else {
          throw CommandError("'--latency' needs a number of seconds, like '--latency 0.5'.")
        }
        guard let seconds = Double(text), seconds >= 0, seconds <= 60 else {
          throw CommandError(
            "'--latency' takes seconds from 0 to 60, like '--latency 0.5'; got '\(text)'.")
        }
        options.latency = .milliseconds(Int((seconds * 1000).rounded()))
      case "--":
        guard let operand = remaining.first else { break }
        throw CommandError(
          "'\(CommandParser.quoted(operand))' comes after '--', which ends the options, and "
            + "AppShell takes no other arguments. \(usage)")
      case "replay":
        throw CommandError(
          "'replay' comes first, before any option: 'AppShell replay FILE [--state-file OUT]'.")
      case "inspect":
        throw CommandError(
          "'inspect' comes first, before any option: 'AppShell inspect FILE [--html OUT]'.")
      default:
        let quoted = CommandParser.quoted(argument)
        guard argument.hasPrefix("-") else {
          throw CommandError("Unexpected argument '\(quoted)': AppShell takes options. \(usage)")
        }
        throw CommandError(
          "Unknown option '\(quoted)'.\(CommandParser.suggestion(for: name, among: names)) "
            + usage)
      }
    }
    return options
  }

  /// `path`, with `~` expanded, relative to `directory`.
  static func resolve(_ path: String, in directory: String) -> URL {
    URL(
      fileURLWithPath: NSString(string: path).expandingTildeInPath,
      relativeTo: URL(fileURLWithPath: directory, isDirectory: true)
    ).standardizedFileURL
  }

  /// `--name=value` → (`--name`, `value`).
  private static func split(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
      return (argument, nil)
    }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }
}
