import Foundation
import Synchronization

/// A value guarded by a lock: the lock every shared mutable state in this package takes.
///
/// It exists so that ThreadSanitizer sees the lock, in every build, on every platform.
/// `Synchronization.Mutex` waits through futex calls inside the Swift runtime on Linux, which
/// ThreadSanitizer does not instrument, so it reports the state a `Mutex` guards as racing
/// whenever two threads contend for it. This lock is a counter and a sleeping place instead:
///
/// - Taking a free lock is one atomic increment of ``claims`` from 0, and releasing it with
///   nobody waiting one atomic decrement back to 0, with acquiring and releasing order. The
///   atomics are compiled into the code that calls `withLock` (it is inlinable), not into the
///   Swift runtime, so ThreadSanitizer instruments them and sees the order they give.
/// - A thread that finds the lock taken (the count was not 0) sleeps in a ``LockHandOver``
///   until the holder, finding on release that someone waits, hands the lock over to one
///   sleeper. The hand-over goes through a `pthread_mutex_t` and `pthread_cond_t`
///   (`NSCondition`), whose calls ThreadSanitizer intercepts on every platform.
///
/// So the state this type guards is checked like any other, ThreadSanitizer runs with no
/// suppressions, and an uncontended `withLock` costs two atomic operations and no call (an
/// `NSLock` costs two calls into Foundation and two into `pthread`: the `persisted.send`
/// benchmark). A thread that arrives while others wait does not take the lock ahead of them:
/// the count stays above 0, so it waits too, and the lock passes from holder to waiter until
/// none is left.
///
/// ```swift
/// let counter = Locked(0)
/// let next = counter.withLock { value in
///   value += 1
///   return value
/// }
/// ```
///
/// `withLock` has `Mutex`'s shape: the value goes in and out as `sending`, so a value that is
/// not `Sendable` can be guarded too, and never escapes the lock still shared.
///
/// > Important: The lock is not recursive: calling `withLock` on the same lock from inside its
/// > body deadlocks.
@usableFromInline
package final class Locked<Value> {
  /// How many threads hold the lock or wait for it.
  @usableFromInline let claims = Atomic<Int>(0)
  /// Where threads that found the lock taken wait. Made with the lock, not by the first thread
  /// to need it: `AtomicLazyReference` publishes it through code compiled outside this module,
  /// which ThreadSanitizer does not see, so it would report the first waiter's read as a race.
  @usableFromInline let handOver = LockHandOver()
  /// The value, as the header of a buffer object, touched only by `withLock` while the lock is
  /// held. Held there rather than in a stored property because a class's stored property pays
  /// a run-time exclusivity check on every access, which the lock makes redundant: no two
  /// accesses can overlap while it is held, and a nested `withLock` deadlocks before it could
  /// reach the value.
  @usableFromInline let storage: ManagedBufferPointer<Value, Void>

  /// A lock guarding `initialValue`.
  package init(_ initialValue: sending Value) {
    storage = ManagedBufferPointer(
      bufferClass: ManagedBuffer<Value, Void>.self, minimumCapacity: 0
    ) { _, _ in initialValue }
  }

  /// Runs `body` with the value, holding the lock, and returns what it returns.
  ///
  /// - Parameter body: Reads or changes the value; it must not take this lock again.
  /// - Returns: What `body` returns.
  @inlinable
  package func withLock<Result, Failure: Error>(
    _ body: (inout sending Value) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    if claims.wrappingAdd(1, ordering: .acquiring).oldValue != 0 { handOver.wait() }
    defer {
      if claims.wrappingSubtract(1, ordering: .releasing).oldValue != 1 { handOver.signal() }
    }
    var buffer = storage
    return try body(&buffer.header)
  }
}

// `@unchecked Sendable`: the value is read and written only inside `withLock`, while the lock
// is held: a thread holds it from an increment of `claims` from 0, or from a hand-over, until
// its decrement, and a hand-over is given only by a holder, on its release, to one waiter, so
// no two threads touch the value at once; `sending` in and out keeps a value that is not
// `Sendable` from staying reachable outside the lock.
extension Locked: @unchecked Sendable {}
