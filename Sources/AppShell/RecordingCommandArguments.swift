/// The arguments of a command that reads a recording and may write one file
/// (`replay FILE [--state-file OUT]`, `inspect FILE [--html OUT]`).
struct RecordingCommandArguments {
  /// The recording's path, as given.
  var recordingPath: String
  /// The path given to the option, if any.
  var outputPath: String?

  /// The command's usage line: `AppShell inspect FILE [--html OUT]`.
  static func usage(command: String, option: String) -> String {
    "AppShell \(command) FILE [\(option) OUT]"
  }

  /// Reads `arguments` (after the command's name); `nil` after telling `error` what is wrong.
  ///
  /// - Parameters:
  ///   - example: A path to show in the message when the option has none (`out.json`).
  static func parse(
    _ arguments: [String], command: String, option: String, example: String,
    error: (String) -> Void
  ) -> Self? {
    let usage = usage(command: command, option: option)
    var recordingPath: String?
    var outputPath: String?
    var remaining = arguments[...]
    var optionsEnded = false
    while let argument = remaining.popFirst() {
      if !optionsEnded, argument == "--" {
        // Ends the options, as usual: a recording's name may then start with "--".
        optionsEnded = true
      } else if !optionsEnded, argument == option || argument.hasPrefix(option + "=") {
        outputPath =
          argument == option ? remaining.popFirst() : String(argument.dropFirst(option.count + 1))
        if outputPath?.isEmpty ?? true {
          error("AppShell \(command): '\(option)' needs a path, like '\(option) \(example)'.\n")
          return nil
        }
      } else if recordingPath == nil, optionsEnded || !argument.hasPrefix("--") {
        recordingPath = argument
      } else {
        error(
          "AppShell \(command): unexpected '\(TerminalText.escaped(argument))'. Usage: \(usage).\n")
        return nil
      }
    }
    guard let recordingPath else {
      error("AppShell \(command): which recording? Usage: \(usage).\n")
      return nil
    }
    return Self(recordingPath: recordingPath, outputPath: outputPath)
  }
}
