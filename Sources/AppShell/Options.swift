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

  /// Parses `arguments` (without the program name).
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
      case "--state-file":
        guard let path = inlineValue ?? remaining.popFirst(), !path.isEmpty else {
          throw CommandError("'--state-file' needs a path, like '--state-file ~/orders.json'.")
        }
        let expanded = NSString(string: path).expandingTildeInPath
        options.stateFile =
          URL(
            fileURLWithPath: expanded,
            relativeTo: URL(fileURLWithPath: currentDirectory, isDirectory: true)
          ).standardizedFileURL
      case "--latency":
        guard let text = inlineValue ?? remaining.popFirst() else {
          throw CommandError("'--latency' needs a number of seconds, like '--latency 0.5'.")
        }
        guard let seconds = Double(text), seconds >= 0, seconds <= 60 else {
          throw CommandError(
            "'--latency' takes seconds from 0 to 60, like '--latency 0.5'; got '\(text)'.")
        }
        options.latency = .milliseconds(Int((seconds * 1000).rounded()))
      default:
        throw CommandError(
          "Unknown option '\(CommandParser.quoted(argument))'. Options: --state-file PATH, "
            + "--latency SECONDS, --plain, --read-only, --help.")
      }
    }
    return options
  }

  /// `--name=value` → (`--name`, `value`).
  private static func split(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
      return (argument, nil)
    }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }
}
