import Foundation

/// A fresh directory under the system's temporary directory, removed by `remove()`.
public struct TemporaryDirectory {
  public let url: URL

  /// Creates the directory, named after `prefix` and a new UUID.
  public init(prefix: String = "ScopedStoreTests") throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The URL of the file `name` in the directory.
  public func file(_ name: String) -> URL {
    url.appendingPathComponent(name)
  }

  /// The names of the files in the directory, sorted.
  public func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }

  /// Removes the directory and everything in it.
  public func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
