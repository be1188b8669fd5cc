import Foundation

/// The `--record FILE` option: records the session to FILE (see ``SessionRecorder``).
///
/// Taken out of the arguments before ``Options`` parses the rest.
enum RecordOption {
  /// The file `--record` names, if any, and the other arguments.
  static func extract(
    from arguments: [String],
    currentDirectory: String = FileManager.default.currentDirectoryPath
  ) throws(CommandError) -> (file: URL?, rest: [String]) {
    var file: URL?
    var rest: [String] = []
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      let path: String?
      if argument == "--record" {
        path = remaining.popFirst()
      } else if argument.hasPrefix("--record=") {
        path = String(argument.dropFirst("--record=".count))
      } else {
        rest.append(argument)
        continue
      }
      guard let path, !path.isEmpty, !path.hasPrefix("--") else {
        throw CommandError("'--record' needs a path, like '--record session.jsonl'.")
      }
      file = resolve(path, in: currentDirectory)
    }
    return (file, rest)
  }

  /// `path`, with `~` expanded, relative to `directory`.
  static func resolve(_ path: String, in directory: String) -> URL {
    URL(
      fileURLWithPath: NSString(string: path).expandingTildeInPath,
      relativeTo: URL(fileURLWithPath: directory, isDirectory: true)
    ).standardizedFileURL
  }
}
