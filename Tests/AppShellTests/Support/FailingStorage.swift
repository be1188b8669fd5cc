import Core
import Foundation

/// An in-memory storage whose writes fail with a reason while one is set.
final class FailingStorage: PersistentStorage {
  let memory = InMemoryStorage()
  private let failure = Locked<String?>(nil)

  /// Makes later writes fail with `reason`, or succeed again with `nil`.
  func fail(with reason: String?) {
    failure.withLock { $0 = reason }
  }

  func exists(at url: URL) throws(PersistenceError) -> Bool { try memory.exists(at: url) }
  func read(at url: URL) throws(PersistenceError) -> Data? { try memory.read(at: url) }
  func moveAside(_ url: URL, stamp: String) throws(PersistenceError) -> String {
    try memory.moveAside(url, stamp: stamp)
  }
  func removeMovedAside(from url: URL, keeping count: Int, sparing kept: String) -> [String] {
    memory.removeMovedAside(from: url, keeping: count, sparing: kept)
  }
  func lock(_ url: URL) throws(PersistenceError) -> any Sendable { try memory.lock(url) }

  func write(_ data: Data, to url: URL) throws(PersistenceError) {
    if let reason = failure.withLock({ $0 }) { throw .cannotWrite(url.path, reason) }
    try memory.write(data, to: url)
  }
}
