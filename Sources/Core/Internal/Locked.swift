import Foundation

/// A value guarded by a lock: the lock every shared mutable state in this package takes.
///
/// It exists so that ThreadSanitizer sees the lock. `Synchronization.Mutex` locks through
/// futex calls inside the Swift runtime on Linux, which ThreadSanitizer does not instrument, so
/// it reports the state a `Mutex` guards as racing. `NSLock` locks a `pthread_mutex_t`, whose
/// `pthread_mutex_lock` and `pthread_mutex_unlock` ThreadSanitizer intercepts on every
/// platform, so the state this type guards is checked like any other, and ThreadSanitizer runs
/// with no suppressions.
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
  @usableFromInline let lock = NSLock()
  /// The value, as the header of a buffer object, touched only by `withLock` between `lock()`
  /// and `unlock()`. Held there rather than in a stored property because a class's stored
  /// property pays a run-time exclusivity check on every access, which the lock makes
  /// redundant: no two accesses can overlap while it is held, and a nested `withLock`
  /// deadlocks before it could reach the value.
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
    lock.lock()
    defer { lock.unlock() }
    var buffer = storage
    return try body(&buffer.header)
  }
}

// `@unchecked Sendable`: the value is read and written only inside `withLock`, between
// `lock()` and `unlock()` of `lock`, so no two threads touch it at once; `sending` in and out
// keeps a value that is not `Sendable` from staying reachable outside the lock.
extension Locked: @unchecked Sendable {}
