import Dispatch
import Foundation

/// Writes a ``PersistedState``'s values on a background queue, newest value wins.
///
/// ``submit(_:)`` stores the value and, when no write is scheduled, schedules one after the
/// coalescing window; the write takes whatever value is newest by then. So a burst of changes
/// costs the sender a lock and an assignment each, and the disk one write per window.
///
/// A value stays pending until a write of it succeeds, or a newer value replaces it. A write
/// that fails schedules nothing: the next ``submit(_:)`` or ``flush()`` tries again, so a disk
/// that stays full costs one attempt per change, not a loop. Once its ``PersistedState`` is
/// released (``ownerReleased()``) no `save` or `flush` can come: a value whose write failed
/// is reported as lost then, and one still waiting for its write when that write fails.
///
/// ``submit(_:)`` is inlinable, with what it touches: specialized in the module that sends,
/// it costs a lock and a copy, instead of the generic metadata lookups unspecialized code
/// pays on every call (the `persisted.send` benchmark).
@usableFromInline
final class PersistenceWriter<Value: Codable & Sendable>: Sendable {
  @usableFromInline
  struct State {
    /// The newest value not written yet, kept after a failed write.
    @usableFromInline var pending: Value?
    /// Counts submitted values, so that a write can tell whether the value it wrote is still
    /// the newest when it ends.
    @usableFromInline var generation = 0
    @usableFromInline var isScheduled = false
    /// The writer itself, from a `submit` until its value is written (or, after release, given
    /// up): it keeps the writer, and so the lock, alive after its ``PersistedState`` is
    /// released, until that write. The scheduled write holds the writer weakly, so a write that
    /// finds nothing left to do (a `flush` wrote it) keeps nothing alive until its deadline.
    @usableFromInline var keepAlive: PersistenceWriter?
    /// The `generation` of the pending value when its last write failed.
    var failedGeneration: Int?
    /// Whether the ``PersistedState`` is gone: no `save` or `flush` will come again.
    var isReleased = false
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
  /// Where issues went when the state was opened: a value lost at release is reported from
  /// wherever the release or the last write happens, outside the task (a test's, say) that
  /// opened it.
  private let reporter: IssueReporter?

  init(
    format: PersistenceFormat<Value>, url: URL, storage: any PersistentStorage,
    coalescing: Duration, lock: any Sendable
  ) {
    self.format = format
    self.url = url
    self.storage = storage
    self.coalescing = coalescing
    self.lock = lock
    reporter = IssueReporting.override
    queue = DispatchQueue(label: "PersistedState \(url.lastPathComponent)", qos: .utility)
    queue.setSpecific(key: queueKey, value: true)
  }

  @inlinable
  func submit(_ value: consuming Value) {
    // Moved in, and the value it replaces moved out to be released after the lock: no copy
    // and no release under the lock.
    var value: Value? = value
    let schedules = state.withLock { state in
      swap(&state.pending, &value)
      state.generation &+= 1
      // Kept alive (with the lock) until the value is written, so a value saved just before
      // release still lands, and no other writer can take the file meanwhile.
      if state.keepAlive == nil { state.keepAlive = self }
      guard !state.isScheduled else { return false }
      state.isScheduled = true
      return true
    }
    if schedules { scheduleWrite() }
  }

  /// Schedules the write of the pending value after the coalescing window. Not inlined into
  /// ``submit(_:)``: out of line, the rest of `submit` is small enough to be inlined into the
  /// store's observer, which then needs no call frame of its own.
  @usableFromInline @inline(never)
  func scheduleWrite() {
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

  /// Writes the pending value now (one whose write failed included); from the queue itself (an
  /// `onSaveResult` handler calling `flush()`), in place, since waiting for the queue there
  /// would wait for itself.
  func flush() -> PersistenceError? {
    if DispatchQueue.getSpecific(key: queueKey) == true {
      // A handler told of a failure is not answered by another attempt at the same value: one
      // that flushes on every result would otherwise retry without end.
      write()
    } else {
      queue.sync { write(retryingFailure: true) }
    }
    return lastError
  }

  var lastError: PersistenceError? {
    state.withLock { $0.lastError }
  }

  func onResult(_ handler: @escaping @Sendable (PersistenceError?) -> Void) {
    state.withLock { $0.onResult = handler }
  }

  /// Called when the ``PersistedState`` is released. A value whose write failed was waiting
  /// for a `save` or `flush` that can no longer come: it is reported and dropped now, and the
  /// lock goes with the writer, rather than tried again after the app let go of the state (and
  /// perhaps removed its folder, which a write would create again). A value still waiting for
  /// its write is written as before, and reported if that write fails.
  func ownerReleased() {
    var keptAlive: PersistenceWriter?
    let failure = state.withLock { state -> PersistenceError? in
      state.isReleased = true
      guard state.pending != nil, state.failedGeneration == state.generation else { return nil }
      defer { (state.pending, state.keepAlive) = (nil, nil) }
      keptAlive = state.keepAlive
      return state.lastError
    }
    if let failure { reportUnsaved(failure) }
    // Released last: the writer, and the lock, may end with it.
    withExtendedLifetime(keptAlive) {}
  }

  /// Writes the pending value, if any, and keeps it pending if that fails. A value whose last
  /// write failed is written again only with `retryingFailure` (a `flush()`): a write that
  /// `submit` scheduled before that failure, coming due after it, leaves it alone, so that
  /// nothing retries without a `save` or `flush`. Runs on `queue` only, so writes never
  /// overlap.
  @usableFromInline
  func write(retryingFailure: Bool = false) {
    let taken = state.withLock { state -> (value: Value, generation: Int)? in
      state.isScheduled = false
      guard retryingFailure || state.failedGeneration != state.generation else { return nil }
      return state.pending.map { (value: $0, generation: state.generation) }
    }
    guard let taken else { return }
    let failure = write(taken.value)
    let (handler, keptAlive, lost) = state.withLock { state in
      state.lastError = failure
      state.failedGeneration = failure == nil ? nil : taken.generation
      // A value submitted during the write is newer: it stays, and its write is scheduled. A
      // value given up on release meanwhile is gone, and was reported then.
      guard state.pending != nil, state.generation == taken.generation,
        failure == nil || state.isReleased
      else {
        return (state.onResult, PersistenceWriter?.none, PersistenceError?.none)
      }
      defer { (state.pending, state.keepAlive) = (nil, nil) }
      return (state.onResult, state.keepAlive, failure)
    }
    handler?(failure)
    if let lost { reportUnsaved(lost) }
    // Released last, outside the lock: the writer, and the lock, may end with it.
    withExtendedLifetime(keptAlive) {}
  }

  /// Reports that the state was released with a value that could not be saved.
  private func reportUnsaved(_ failure: PersistenceError) {
    let cause =
      switch failure {
      case let .cannotWrite(_, reason): reason
      default: failure.description
      }
    // A reason from the system may end in a period of its own.
    let reason = cause.hasSuffix(".") ? String(cause.dropLast()) : cause
    let message =
      "The `PersistedState` of '\(url.path)' was released with a value that was never saved; "
      + "its last save failed: \(reason). Call `flush()` before releasing it, and handle the "
      + "error it returns."
    IssueReporting.$override.withValue(reporter) {
      IssueReporting.report(message)
    }
  }

  /// Writes `value`; returns why it failed, if it did.
  private func write(_ value: Value) -> PersistenceError? {
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
    return failure
  }
}
