/// Why the state file could not be used.
enum StateFileError: Error, Equatable, CustomStringConvertible {
  case isDirectory(String)
  case cannotMoveAside(String, String, String)
  case cannotWrite(String, String)

  var description: String {
    switch self {
    case let .isDirectory(path):
      "The state file '\(path)' is a directory. Pass the path of a file, for example "
        + "'--state-file \(path)/state.json'."
    case let .cannotMoveAside(path, reason, error):
      "The state file '\(path)' cannot be used: \(reason). It could not be moved aside "
        + "(\(error)), so it was left untouched and the app did not start. Move or fix it, "
        + "or pass another '--state-file'."
    case let .cannotWrite(path, reason):
      "Could not save the state to '\(path)': \(reason)."
    }
  }
}
