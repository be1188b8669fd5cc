import Dispatch
import Foundation

/// Writes a ``PersistedState``'s values on a background queue, newest value wins.
///
/// ``submit(_:)`` stores the value and, when no write is scheduled, schedules one after the
/// coalescing window; the write takes whatever value is newest by then. So a burst of changes
/// costs the sender a lock and an assignment each, and the disk one write per window.
///
/// ``submit(_:)`` is inlinable, with what it touches: specialized in the module that sends,
/// it costs a lock and a copy, instead of the generic metadata lookups unspecialized code
/// pays on every call (the `persisted.send` benchmark).
@usableFromInline
final class PersistenceWriter<Value: Codable & Sendable>: Sendable {
  @usableFromInline
  struct State {
    @usableFromInline var pending: Value?
    @usableFromInline var isScheduled = false
    /// The writer itself, from a `submit` until its value is written: it keeps the writer, and
    /// so the lock, alive after its ``PersistedState`` is released, until that write. The
    /// scheduled write holds the writer weakly, so a write that finds nothing left to do (a
    /// `flush` wrote it) keeps nothing alive until its deadline.
    @usableFromInline var keepAlive: PersistenceWriter?
    var lastError: PersistenceError?
    var onResult: (@Sendable (PersistenceError?) -> Void)?

    init() {}
  }

  private let format: PersistenceFormat<Value>
  private let url: URL
  private let storage: any PersistentStorage
  @usableFromInline let coalescing: Duration
  @usableFromInline let queue: DispatchQueue
  /// Set on `queue`, so that code can tell it runs there.
  private let queueKey = DispatchSpecificKey<Bool>()
  @usableFromInline let state = Locked(State())
  /// Held, never read: the single-writer lock lasts as long as this writer, so a write still
  /// pending when its ``PersistedState`` is released happens under the lock.
  private let lock: any Sendable

  init(
    format: PersistenceFormat<Value>, url: URL, storage: any PersistentStorage,
    coalescing: Duration, lock: any Sendable
  ) {
    self.format = format
    self.url = url
    self.storage = storage
    self.coalescing = coalescing
    self.lock = lock
    queue = DispatchQueue(label: "PersistedState \(url.lastPathComponent)", qos: .utility)
    queue.setSpecific(key: queueKey, value: true)
  }

  @inlinable
  func submit(_ value: Value) {
    let schedules = state.withLock { state in
      state.pending = value
      // Kept alive (with the lock) until the value is written, so a value saved just before
      // release still lands, and no other writer can take the file meanwhile.
      if state.keepAlive == nil { state.keepAlive = self }
      guard !state.isScheduled else { return false }
      state.isScheduled = true
      return true
    }
    guard schedules else { return }
    queue.asyncAfter(deadline: .now() + .nanoseconds(windowNanoseconds)) { [weak self] in
      self?.write()
    }
  }

  /// The coalescing window in nanoseconds, at most about 146 years (a longer window waits for
  /// ``flush()`` all the same), so that computing the deadline cannot overflow.
  @usableFromInline
  var windowNanoseconds: Int {
    let (seconds, attoseconds) = coalescing.components
    let limit = Int64.max / 2 / 1_000_000_000
    guard seconds < limit else { return Int(limit * 1_000_000_000) }
    return Int(max(0, seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
  }

  /// Writes the pending value now; from the queue itself (an `onSaveResult` handler calling
  /// `flush()`), in place, since waiting for the queue there would wait for itself.
  func flush() -> PersistenceError? {
    if DispatchQueue.getSpecific(key: queueKey) == true {
      write()
    } else {
      queue.sync { write() }
    }
    return lastError
  }

  var lastError: PersistenceError? {
    state.withLock { $0.lastError }
  }

  func onResult(_ handler: @escaping @Sendable (PersistenceError?) -> Void) {
    state.withLock { $0.onResult = handler }
  }

  /// Writes the pending value, if any. Runs on `queue` only, so writes never overlap.
  @usableFromInline
  func write() {
    let (value, keptAlive) = state.withLock { state in
      state.isScheduled = false
      defer { (state.pending, state.keepAlive) = (nil, nil) }
      return (state.pending, state.keepAlive)
    }
    // Released after the write, outside the lock: the writer, and the lock, may end with it.
    withExtendedLifetime(keptAlive) {
      if let value { write(value) }
    }
  }

  /// Writes `value` and reports the result.
  private func write(_ value: Value) {
    var failure: PersistenceError?
    do {
      if let problem = format.problem(with: value) {
        throw PersistenceError.cannotWrite(
          url.path,
          "the state holds a value the app cannot work with (\(problem)); the file keeps the "
            + "last value saved")
      }
      try storage.write(try format.encode(value), to: url)
    } catch let error as PersistenceError {
      failure = error
    } catch {
      failure = .cannotWrite(url.path, "the state could not be encoded (\(error))")
    }
    let handler = state.withLock { state in
      state.lastError = failure
      return state.onResult
    }
    handler?(failure)
  }
}
