import Core
import Dispatch
import Foundation

/// An in-memory storage whose writes wait until the test opens a gate, and can fail.
final class GatedStorage: PersistentStorage {
  let memory = InMemoryStorage()
  private let gate = DispatchSemaphore(value: 0)
  private let state = Locked((isGated: true, writesStarted: 0, failure: String?.none))

  /// How many writes began (the first of them may be waiting at the gate).
  var writesStarted: Int { state.withLock { $0.writesStarted } }

  /// Lets every write through from now on.
  func open() {
    state.withLock { $0.isGated = false }
    gate.signal()
  }

  /// Makes later writes fail with `reason`, or succeed again with `nil`.
  func fail(with reason: String?) {
    state.withLock { $0.failure = reason }
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
    let isGated = state.withLock {
      $0.writesStarted += 1
      return $0.isGated
    }
    if isGated {
      gate.wait()
      gate.signal()
    }
    if let reason = state.withLock({ $0.failure }) { throw .cannotWrite(url.path, reason) }
    try memory.write(data, to: url)
  }
}
