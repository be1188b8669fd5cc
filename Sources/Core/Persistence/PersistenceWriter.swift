import Dispatch
import Foundation

/// Writes a ``PersistedState``'s values on a background queue, newest value wins.
///
/// ``submit(_:writingAfter:)`` stores the value and, when no write is coming, sets the timer
/// for one after the coalescing window; the write takes whatever value is newest by then. What
/// is pending, and what to do next, is a ``PersistenceWriterMachine``. So a burst of changes
/// costs the sender a lock and an assignment each, and the disk one write per window.
///
/// A value stays pending until a write of it succeeds, or a newer value replaces it. A write
/// that fails schedules nothing: the next ``submit(_:writingAfter:)`` or ``flush()`` tries
/// again, so a disk that stays full costs one attempt per change, not a loop. Once its
/// ``PersistedState`` is released (``ownerReleased()``) no `save` or `flush` can come: a value
/// whose write failed is reported as lost then, and one still waiting for its write when that
/// write fails.
///
/// ``submit(_:writingAfter:)`` is inlinable, with what it touches: specialized in the module
/// that sends, it costs a lock and a copy, instead of the generic metadata lookups
/// unspecialized code pays on every call (the `persisted.send` benchmark's "one line" case).
@usableFromInline
final class PersistenceWriter<Value: Codable & Sendable>: Sendable {
  private let format: PersistenceFormat<Value>
  private let url: URL
  private let storage: any PersistentStorage
  @usableFromInline let coalescing: Duration
  let queue: DispatchQueue
  /// Set on `queue`, so that code can tell it runs there.
  private let queueKey = DispatchSpecificKey<Bool>()
  /// Starts the write of the value due, one coalescing window after the first save that found
  /// nothing going to write it. One timer set again for each window, as the recorder's.
  let timer: DeadlineTimer
  @usableFromInline let state = Locked(PersistenceWriterMachine<Value>())
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
    timer = DeadlineTimer(queue: queue)
    // Weakly: while a value waits, the machine's `keepAlive` holds the writer; an idle writer
    // is released with its `PersistedState`. `self?` is a strong reference for the whole
    // write, so `deinit` never overlaps one.
    timer.setHandler { [weak self] in self?.write() }
  }

  deinit {
    timer.cancel()
  }

  /// Takes `value` to write, the one waiting replaced. When no write is coming, the next comes
  /// after `nanoseconds`, or one coalescing window when `nil`: a value that already waited its
  /// window elsewhere (a store's hand-over) passes 0.
  @inlinable
  func submit(_ value: consuming Value, writingAfter nanoseconds: Int? = nil) {
    // Moved in (a closure cannot consume what it captures, so through an optional the
    // closure empties), and the value it replaces moved out to be released after the lock: no
    // copy and no release under the lock.
    var slot: Value? = value
    let (next, replaced) = state.withLock { $0.submit(slot.take()!, owner: self) }
    _ = consume replaced
    if case .setTimer = next { setTimer(afterNanoseconds: nanoseconds) }
  }

  /// Sets the timer for `nanoseconds` from now, one coalescing window when `nil`. Not inlined
  /// into ``submit(_:writingAfter:)``: out of line, the rest of `submit` is small enough to be
  /// inlined into its caller (a store's reducer, with
  /// `Store(initialState:persisting:at:format:)`).
  @usableFromInline @inline(never)
  func setTimer(afterNanoseconds nanoseconds: Int?) {
    timer.fire(afterNanoseconds: nanoseconds ?? windowNanoseconds)
  }

  /// The coalescing window in nanoseconds, at most about 146 years (a longer window waits for
  /// ``flush()`` all the same), so that computing the deadline cannot overflow.
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
    let (released, lost) = state.withLock { $0.ownerReleased() }
    if let lost { reportUnsaved(lost) }
    // Released last: the writer, and the lock, may end with it.
    withExtendedLifetime(released) {}
  }

  /// Writes the value due, if any, and keeps it pending if that fails. A value whose last
  /// write failed is written again only with `retryingFailure` (a `flush()`). Runs on `queue`
  /// only, so writes never overlap.
  func write(retryingFailure: Bool = false) {
    guard let value = state.withLock({ $0.startWrite(retryingFailure: retryingFailure) }) else {
      return
    }
    let failure = write(value)
    let after = state.withLock { $0.endWrite(of: value, failure: failure) }
    after.handler?(failure)
    if let lost = after.lost { reportUnsaved(lost) }
    // Released last, outside the lock: the writer, and the lock, may end with it.
    withExtendedLifetime(after.released) {}
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
      // The file the lock was taken for, and no other: a link pointed elsewhere since would
      // send the save to a file another writer may hold.
      if let refusal = (lock as? FileLock)?.refusal(forSavingTo: url) { throw refusal }
      try storage.write(try format.encode(value), to: url)
    } catch let error as PersistenceError {
      failure = error
    } catch {
      failure = .cannotWrite(url.path, "the state could not be encoded (\(error))")
    }
    return failure
  }
}
