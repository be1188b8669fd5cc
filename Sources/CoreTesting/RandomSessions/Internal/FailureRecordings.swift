import Core
import Foundation

/// Where random sessions write the recordings of their failures: one folder, named in each
/// failure's message, holding the newest few.
enum FailureRecordings {
  /// The folder: `random-session-failures` in the temporary directory.
  static var folder: URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "random-session-failures", isDirectory: true)
  }

  /// How many recordings the folder keeps; the oldest go first.
  static var limit: Int { 20 }

  /// Where to record the failure of the run at `location` with `seed`
  /// (`OrdersTests-OrdersRandomSessionTests.swift-18-seed-42-1a2b3c4d.jsonl`, the last part
  /// telling apart two runs of the same test and seed), after making room for it; `nil` when
  /// the folder cannot be made.
  static func url(seed: UInt64, at location: Core.SourceLocation) -> URL? {
    let manager = FileManager.default
    do {
      try manager.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      return nil
    }
    let test = location.fileID.description.replacingOccurrences(of: "/", with: "-")
    let run = UUID().uuidString.prefix(8).lowercased()
    let url = folder.appendingPathComponent("\(test)-\(location.line)-seed-\(seed)-\(run).jsonl")
    removeOldest(keeping: limit - 1, besides: url)
    return url
  }

  /// Removes the oldest recordings, and their inspector pages, until `count` are left, besides
  /// `kept`.
  private static func removeOldest(keeping count: Int, besides kept: URL) {
    let manager = FileManager.default
    let files =
      (try? manager.contentsOfDirectory(
        at: folder, includingPropertiesForKeys: [.contentModificationDateKey])) ?? []
    let dated =
      files
      .filter { $0.pathExtension == "jsonl" && $0.lastPathComponent != kept.lastPathComponent }
      .map { url in
        (
          url,
          (try? url.resourceValues(forKeys: [.contentModificationDateKey]))?
            .contentModificationDate ?? .distantPast
        )
      }
      .sorted { $0.1 > $1.1 }
    for (url, _) in dated.dropFirst(count) {
      try? manager.removeItem(at: url)
      // Its inspector page goes with it.
      try? manager.removeItem(at: url.deletingPathExtension().appendingPathExtension("html"))
    }
  }
}
