import Core

/// Why the state file could not be used, in the app's words (naming its options).
enum StateFileError: Error, Equatable, CustomStringConvertible {
  case isDirectory(String)
  case notRegularFile(String, kind: String)
  case cannotRead(String, String)
  case cannotMoveAside(String, String, String)
  case cannotWrite(String, String)
  case unusable(String, String)
  case inUse(String, pid: Int32?)
  case cannotLock(String, String)

  var description: String {
    switch self {
    case let .isDirectory(path):
      "The state file '\(path)' is a directory. Pass the path of a file, for example "
        + "'--state-file \(path)/state.json'."
    case let .notRegularFile(path, kind):
      "The state file '\(path)' is \(kind), not a regular file; the app did not start and left "
        + "it untouched. Pass the path of a regular file, like '--state-file ~/appshell.json'."
    case let .cannotRead(path, reason):
      "The state file '\(path)' cannot be reached: \(reason). The app did not start; check the "
        + "path, or pass another '--state-file'."
    case let .cannotMoveAside(path, reason, error):
      "The state file '\(path)' cannot be used: \(reason). It could not be moved aside "
        + "(\(error)), so it was left untouched and the app did not start. Move or fix it, "
        + "or pass another '--state-file'."
    case let .cannotWrite(path, reason):
      "Could not save the state to '\(path)': \(reason)."
    case let .unusable(path, reason):
      "The state file '\(path)' cannot be used: \(reason). Opened read-only, the app leaves it "
        + "as it is and did not start; run without '--read-only' to move it aside and start "
        + "fresh."
    case let .inUse(path, pid):
      "The state file '\(path)' is in use by another AppShell"
        + (pid.map { " (process \($0))" } ?? "")
        + "; the app did not start and changed nothing. Quit the other one first, or pass "
        + "'--read-only' to look without saving."
    case let .cannotLock(path, reason):
      "Could not lock the state file '\(path)' (\(reason)), so the app did not start. Check "
        + "that its directory is writable, or pass '--read-only' to look without saving."
    }
  }
}

extension StateFileError {
  /// The app's wording of what the framework reported.
  init(_ error: PersistenceError) {
    switch error {
    case let .isDirectory(path): self = .isDirectory(path)
    case let .notRegularFile(path, kind): self = .notRegularFile(path, kind: kind)
    case let .cannotRead(path, reason): self = .cannotRead(path, reason)
    case let .cannotMoveAside(path, reason, error): self = .cannotMoveAside(path, reason, error)
    case let .cannotWrite(path, reason): self = .cannotWrite(path, reason)
    case let .unusable(path, reason): self = .unusable(path, reason)
    case let .inUse(path, pid): self = .inUse(path, pid: pid)
    case let .cannotLock(path, reason): self = .cannotLock(path, reason)
    }
  }
}
