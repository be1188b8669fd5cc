import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a ``SessionRecorder`` writes the lines of a recording.
///
/// ``FileRecordingSink`` writes a file; a sink of your own can keep the lines in memory or send
/// them elsewhere. The recorder calls the sink from one background thread at a time, never from
/// the store's `send`.
public protocol RecordingSink: Sendable {
  /// A name for messages, such as the file's path.
  var name: String { get }
  /// Appends `bytes` (whole lines, each ending with a newline).
  func write(_ bytes: Data) throws
  /// Called once, after the last write.
  func close() throws
}

/// A file that a ``SessionRecorder`` writes, line by line, as actions are reduced.
///
/// Each batch of lines goes to the file with one `write`, so a crash loses at most the lines
/// not yet written, and at worst cuts the last one short; the lines before stay intact.
public final class FileRecordingSink: RecordingSink {
  /// The file's path.
  public let name: String
  // `FileHandle` is thread-safe for writes; the recorder writes from one thread at a time.
  private let handle: FileHandle

  /// Creates the file at `url` for a new recording, readable and writable by its owner alone
  /// (`0600`), replacing a recording already there with a new file.
  ///
  /// - Throws: ``RecordingError/notARegularFile(path:kind:)`` for a directory, device, FIFO or
  ///   link, and ``RecordingError/notARecording(path:)`` for a non-empty file that is not a
  ///   recording: both are left untouched. ``RecordingError/unreadable(path:reason:)`` when the
  ///   file cannot be created.
  public init(url: URL) throws(RecordingError) {
    let path = url.path
    name = path
    try Self.check(url)
    // A new file, readable and writable by its owner alone, as the state file is: it holds
    // what the user typed. An earlier recording is removed first, so the new one never takes
    // its permissions, and a reader that had the old one open never sees the new lines.
    if unsafe unlink(path) != 0, errno != ENOENT {
      throw unsafe .unreadable(path: path, reason: String(cString: strerror(errno)))
    }
    let descriptor = unsafe open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw .unreadable(
        path: path,
        reason: unsafe "the file could not be created (\(String(cString: strerror(errno))))")
    }
    handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
  }

  /// Checks, without changing anything, that `url` can take a new recording: that it is a
  /// regular file holding a recording, an empty file, or no file in an existing directory.
  ///
  /// ``init(url:)`` makes the same checks. Call this first when something else must be
  /// changed only if the recording can start, such as a state file opened for the session:
  ///
  /// ```swift
  /// try FileRecordingSink.check(recordingURL)  // nothing touched yet
  /// let persisted = try PersistedState.open(.appState, at: stateURL)
  /// let recorder = try SessionRecorder<AppFeature.State, AppFeature.Action>(
  ///   fileAt: recordingURL, initialState: persisted.value ?? AppFeature.State())
  /// ```
  ///
  /// - Throws: The error ``init(url:)`` would throw: ``RecordingError/notARegularFile(path:kind:)``,
  ///   ``RecordingError/notARecording(path:)``, or ``RecordingError/unreadable(path:reason:)``
  ///   when there is no file and its directory is missing or not writable.
  public static func check(_ url: URL) throws(RecordingError) {
    let path = url.path
    let manager = FileManager.default
    guard let attributes = try? manager.attributesOfItem(atPath: path) else {
      let directory = url.deletingLastPathComponent().path
      var isDirectory: ObjCBool = false
      guard unsafe manager.fileExists(atPath: directory, isDirectory: &isDirectory),
        isDirectory.boolValue
      else {
        throw .unreadable(path: path, reason: "the directory '\(directory)' does not exist")
      }
      guard manager.isWritableFile(atPath: directory) else {
        throw .unreadable(path: path, reason: "the directory '\(directory)' is not writable")
      }
      return
    }
    let type = attributes[.type] as? FileAttributeType
    guard type == .typeRegular else {
      throw .notARegularFile(path: path, kind: Self.describe(type))
    }
    let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
    if size > 0, !Self.startsWithHeader(url) { throw .notARecording(path: path) }
  }

  /// Appends `bytes` to the file.
  public func write(_ bytes: Data) throws {
    try handle.write(contentsOf: bytes)
  }

  /// Closes the file.
  public func close() throws {
    try handle.close()
  }

  /// Whether the file's first line, however long (the initial state it holds may be large), is
  /// a recording's header.
  private static func startsWithHeader(_ url: URL) -> Bool {
    guard var reader = try? RecordingLineReader(fileAt: url) else { return false }
    defer { reader.close() }
    guard let firstLine = try? reader.next(),
      let header = try? JSONDecoder().decode(RecordingHeaderPrefix.self, from: firstLine.bytes)
    else { return false }
    return header.format == RecordingFormat.name
  }

  static func describe(_ type: FileAttributeType?) -> String {
    switch type {
    case .typeDirectory?: "a directory"
    case .typeSymbolicLink?: "a symbolic link"
    case .typeCharacterSpecial?, .typeBlockSpecial?: "a device"
    case .typeSocket?: "a socket"
    default: "a FIFO or other special file"
    }
  }
}
