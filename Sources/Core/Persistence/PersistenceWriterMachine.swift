/// What a ``PersistenceWriter`` has to write, and what it does next: a state machine whose
/// `mutating` transitions run under the writer's lock and return the work the writer does
/// after the lock (set its timer, write a value, call the result handler, report a value
/// lost, release itself).
///
/// Invariants, which the transitions keep:
/// - ``keepAlive`` is the writer exactly when ``phase`` is not ``Phase/idle``: a value waiting,
///   being written or failed keeps the writer, and so the file's lock, alive after its
///   ``PersistedState`` is released, and an idle writer keeps nothing alive.
/// - The writer's timer is set whenever ``phase`` is ``Phase/due(_:)`` or
///   ``Phase/writing(next:)`` with a `next`: a value waiting always has a write coming.
/// - ``Phase/writing(next:)`` lasts from ``startWrite(retryingFailure:)`` to
///   ``endWrite(of:failure:)``, both on the writer's serial queue, so writes never overlap.
/// - A ``Phase/failed(_:)`` value is written again only by a `flush` or replaced by a
///   `submit`: a timer set before the failure, coming due after it, leaves it alone, so a disk
///   that stays full costs one attempt per change, not a loop.
@usableFromInline
struct PersistenceWriterMachine<Value: Sendable> {
  @usableFromInline
  enum Phase {
    /// Nothing waits to be written, and no write runs.
    case idle
    /// `value` waits for the write the timer will start.
    case due(Value)
    /// A write of a value taken from ``due(_:)`` or ``failed(_:)`` runs; `next` is a value
    /// submitted since, which the timer will write after it.
    case writing(next: Value?)
    /// The last write of `value` failed (``lastError`` says why); no write is scheduled.
    case failed(Value)
  }

  /// What the writer does after ``submit(_:owner:)``.
  @usableFromInline
  enum AfterSubmit: Sendable {
    /// A write is already coming.
    case nothing
    /// Set the timer: nothing was going to write the value.
    case setTimer
  }

  /// What the writer does after ``endWrite(of:failure:)``, outside the lock.
  struct AfterWrite: Sendable {
    /// Called with the write's failure, or `nil`.
    var handler: (@Sendable (PersistenceError?) -> Void)?
    /// The writer's reference to itself, released last: nothing is left to write.
    var released: Owner?
    /// A value given up: its write failed after its ``PersistedState`` was released.
    var lost: PersistenceError?
  }

  /// The writer, as the machine holds it.
  @usableFromInline typealias Owner = any AnyObject & Sendable

  @usableFromInline var phase = Phase.idle
  /// The writer, from the first value submitted until nothing is left to write.
  @usableFromInline var keepAlive: Owner?
  /// Whether the ``PersistedState`` is gone: no `save` or `flush` will come again.
  private(set) var isReleased = false
  /// Why the last write failed, or `nil` after a success.
  private(set) var lastError: PersistenceError?
  var onResult: (@Sendable (PersistenceError?) -> Void)?

  init() {}

  /// The phase, leaving ``Phase/idle`` in its place: a transition switches over what it took,
  /// so a value moves from one phase to the next without a copy.
  @inlinable
  mutating func takePhase() -> Phase {
    let taken = phase
    phase = .idle
    return taken
  }

  /// A new value to save: it replaces the one waiting, if any (returned, to be released after
  /// the lock).
  @inlinable
  mutating func submit(_ value: consuming Value, owner: Owner) -> (
    next: AfterSubmit, replaced: Value?
  ) {
    switch takePhase() {
    case .idle:
      phase = .due(value)
      keepAlive = owner
      return (.setTimer, nil)
    case .due(let replaced):
      phase = .due(value)
      return (.nothing, replaced)
    case .writing(let replaced):
      phase = .writing(next: value)
      return (replaced == nil ? .setTimer : .nothing, replaced)
    case .failed(let replaced):
      // A new value: written after the window like any other.
      phase = .due(value)
      return (.setTimer, replaced)
    }
  }

  /// Takes the value to write now, if any: the one due, or with `retryingFailure` (a
  /// `flush`) one whose write failed.
  mutating func startWrite(retryingFailure: Bool) -> Value? {
    switch takePhase() {
    case .idle:
      return nil
    case .due(let value):
      phase = .writing(next: nil)
      return value
    case .failed(let value):
      guard retryingFailure else {
        phase = .failed(value)
        return nil
      }
      phase = .writing(next: nil)
      return value
    case .writing:
      preconditionFailure(
        "A `PersistenceWriter` started a write while another ran: its writes run on one serial "
          + "queue, so this cannot happen.")
    }
  }

  /// The write of `value` that ``startWrite(retryingFailure:)`` took ended with `failure`
  /// (`nil`: it succeeded).
  mutating func endWrite(of value: consuming Value, failure: PersistenceError?) -> AfterWrite {
    lastError = failure
    guard case .writing(let next) = takePhase() else {
      preconditionFailure("A `PersistenceWriter` ended a write it had not started.")
    }
    if let next {
      // A newer value: the timer writes it; the one written, or not, is out of date.
      phase = .due(next)
      return AfterWrite(handler: onResult)
    }
    if failure != nil, !isReleased {
      // Kept for the next `submit` or `flush`.
      phase = .failed(value)
      return AfterWrite(handler: onResult)
    }
    // Written, or given up: no `save` or `flush` can come to retry it.
    return AfterWrite(handler: onResult, released: takeKeepAlive(), lost: failure)
  }

  /// The ``PersistedState`` is gone. A value whose write failed was waiting for a `save` or
  /// `flush` that can no longer come: it is dropped, and its failure returned to be reported.
  /// A value waiting for its write, or being written, is written as before.
  mutating func ownerReleased() -> (released: Owner?, lost: PersistenceError?) {
    isReleased = true
    guard case .failed = phase else { return (nil, nil) }
    phase = .idle
    return (takeKeepAlive(), lastError)
  }

  private mutating func takeKeepAlive() -> Owner? {
    defer { keepAlive = nil }
    return keepAlive
  }
}
