import Foundation

/// Reads files for tests through a `FileHandle`: on Linux, Foundation's `Data(contentsOf:)`,
/// `String(contentsOf:)` and `FileManager.contents(atPath:)` never free the buffer they read an
/// empty file into, which LeakSanitizer reports as the test's leak.
public enum FileContents {
  /// The bytes of the file at `path`, or `nil` when it cannot be opened.
  public static func data(atPath path: String) -> Data? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    return (try? handle.readToEnd()) ?? Data()
  }

  /// The file at `url` as UTF-8 text; throws when it cannot be read.
  public static func text(at url: URL) throws -> String {
    let handle = try FileHandle(forReadingFrom: url)
    defer { try? handle.close() }
    return String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
  }
}
