import Foundation

/// Why a recording could not be written or read.
///
/// Each message says what was found, where (the file and the line) and what to do.
public enum RecordingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file could not be read or written; `reason` is the system's message.
  case unreadable(path: String, reason: String)
  /// The file is empty.
  case empty(path: String)
  /// The path is a directory, a device, a FIFO or a link, not a regular file; it was left
  /// untouched.
  case notARegularFile(path: String, kind: String)
  /// The file exists and is not a recording (its first line is not a recording header); it was
  /// left untouched.
  case notARecording(path: String)
  /// The recording was written in a format version this build does not read.
  case unsupportedVersion(path: String, line: Int, found: Int, supported: Int)
  /// The last line ends without a newline: the process writing it stopped in the middle.
  case truncated(path: String, line: Int)
  /// A line is not valid JSON, or does not decode as what its place requires (an action that
  /// no longer decodes, say); `reason` is the decoder's message.
  case badLine(path: String, line: Int, reason: String)
  /// Writing a recording failed; the lines before the failure are intact.
  case writeFailed(path: String, reason: String)

  /// The message: what was found, where, and what to do.
  public var description: String {
    switch self {
    case .unreadable(let path, let reason):
      "The recording '\(path)' could not be opened: \(reason)."
    case .empty(let path):
      "The file '\(path)' is empty, not a recording. Pass a file written with --record."
    case .notARegularFile(let path, let kind):
      "'\(path)' is \(kind), not a regular file; it was left untouched. "
        + "Pass the path of a regular file."
    case .notARecording(let path):
      "The file '\(path)' is not a recording (its first line is not a recording header); "
        + "it was left untouched. Pass a file written by a session recorder."
    case .unsupportedVersion(let path, let line, let found, let supported):
      "Line \(line) of '\(path)' says format version \(found); this build reads version "
        + "\(supported). Replay it with the build that recorded it."
    case .truncated(let path, let line):
      "Line \(line) of '\(path)' is cut short (no newline at its end): the recording "
        + "process stopped while writing it. Remove that line to replay the lines before it."
    case .badLine(let path, let line, let reason):
      "Line \(line) of '\(path)' cannot be read: \(reason)"
    case .writeFailed(let path, let reason):
      "Recording to '\(path)' failed: \(reason). The lines written before are intact."
    }
  }
}
