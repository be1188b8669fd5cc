/// Why persisted state could not be opened, read or saved.
///
/// Each case names the path it is about. ``description`` says what happened in a sentence an
/// app can show as it is; an app that wants its own wording (naming its command-line options,
/// say) switches over the cases.
public enum PersistenceError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The path is a directory.
  case isDirectory(String)
  /// The path is something other than a regular file or a directory: `kind` says what, like
  /// "a named pipe (FIFO)". It was left untouched.
  case notRegularFile(String, kind: String)
  /// The path cannot be reached (permissions, a component that is not a directory, ...).
  case cannotRead(String, String)
  /// The file cannot be used for `reason`, and moving it aside failed with the last string; it
  /// was left untouched.
  case cannotMoveAside(String, String, String)
  /// A save failed for the reason given; the file still holds the previous save.
  case cannotWrite(String, String)
  /// Opened read-only, the file cannot be used for the reason given; it was left untouched.
  case unusable(String, String)
  /// Another process holds the lock; its process id when the lock file names one.
  case inUse(String, pid: Int32?)
  /// The lock could not be taken for the reason given.
  case cannotLock(String, String)

  /// The path the error is about.
  public var path: String {
    switch self {
    case let .isDirectory(path), let .notRegularFile(path, _), let .cannotRead(path, _),
      let .cannotMoveAside(path, _, _), let .cannotWrite(path, _), let .unusable(path, _),
      let .inUse(path, _), let .cannotLock(path, _):
      path
    }
  }

  public var description: String {
    switch self {
    case let .isDirectory(path):
      "'\(path)' is a directory, not a file; pass the path of a file inside it."
    case let .notRegularFile(path, kind):
      "'\(path)' is \(kind), not a regular file; it was left untouched."
    case let .cannotRead(path, reason):
      "'\(path)' cannot be reached: \(reason)."
    case let .cannotMoveAside(path, reason, error):
      "'\(path)' cannot be used: \(reason). It could not be moved aside (\(error)), so it was "
        + "left untouched."
    case let .cannotWrite(path, reason):
      "Could not save to '\(path)': \(reason)."
    case let .unusable(path, reason):
      "'\(path)' cannot be used: \(reason). Opened read-only, it was left untouched."
    case let .inUse(path, pid):
      "'\(path)' is in use by another process" + (pid.map { " (process \($0))" } ?? "")
        + "; open it read-only to look without saving."
    case let .cannotLock(path, reason):
      "Could not lock '\(path)': \(reason)."
    }
  }
}
