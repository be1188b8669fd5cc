import Core
import Foundation

/// Where `--record FILE` records: checked before the state file is opened, so that a refusal
/// leaves the state file untouched, and its folder made only once the session starts.
///
/// A missing folder is made, as the state file's is, with `--state-file` and with `replay
/// --state-file` alike: every path the app writes treats a missing folder the same way.
enum RecordingDestination {
  /// Checks, changing nothing, that a recording can start at `url`: what
  /// ``FileRecordingSink/check(_:)`` checks when its folder exists, else that the nearest
  /// existing folder above it is one the folder can be made in.
  static func check(_ url: URL) throws(RecordingError) {
    let folder = url.deletingLastPathComponent()
    var existing = folder
    while !FileManager.default.fileExists(atPath: existing.path), existing.path != "/" {
      existing.deleteLastPathComponent()
    }
    guard existing != folder else {
      try FileRecordingSink.check(url)
      return
    }
    var isFolder: ObjCBool = false
    guard unsafe FileManager.default.fileExists(atPath: existing.path, isDirectory: &isFolder),
      isFolder.boolValue
    else {
      throw .unreadable(
        path: url.path, reason: "'\(existing.path)' is a file, so its folder cannot be made")
    }
    guard FileManager.default.isWritableFile(atPath: existing.path) else {
      throw .unreadable(
        path: url.path,
        reason: "its folder cannot be made, as '\(existing.path)' is not writable")
    }
  }

  /// Makes the folder of `url`, and any above it, where missing.
  static func makeFolder(for url: URL) throws(RecordingError) {
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    } catch {
      throw .unreadable(
        path: url.path, reason: "its folder could not be made (\(error.localizedDescription))")
    }
  }
}
