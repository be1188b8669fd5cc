#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value guarded by a `pthread_mutex_t`: the lock every shared mutable state in this package
/// takes.
///
/// It exists so that ThreadSanitizer sees the lock. `Synchronization.Mutex` locks through
/// futex calls inside the Swift runtime on Linux, which ThreadSanitizer does not instrument, so
/// it reports the state a `Mutex` guards as racing; it intercepts `pthread_mutex_lock` and
/// `pthread_mutex_unlock`, so the state this type guards is checked like any other, and
/// ThreadSanitizer runs with no suppressions.
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
  /// Allocated once, so that its address is stable: a `pthread_mutex_t` must not move once
  /// initialized, and `&` on a stored property passes an address valid only for that call.
  @usableFromInline let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  /// Touched only by `withLock`, between lock and unlock.
  @usableFromInline var value: Value

  /// A lock guarding `initialValue`.
  package init(_ initialValue: sending Value) {
    value = initialValue
    mutex.initialize(to: pthread_mutex_t())
    let error = pthread_mutex_init(mutex, nil)
    precondition(error == 0, "`pthread_mutex_init` failed with error \(error).")
  }

  deinit {
    let error = pthread_mutex_destroy(mutex)
    precondition(error == 0, "`pthread_mutex_destroy` failed with error \(error).")
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with the value, holding the lock, and returns what it returns.
  ///
  /// - Parameter body: Reads or changes the value; it must not take this lock again.
  /// - Returns: What `body` returns.
  @inlinable
  package func withLock<Result, Failure: Error>(
    _ body: (inout sending Value) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    let locking = pthread_mutex_lock(mutex)
    precondition(locking == 0, "`pthread_mutex_lock` failed with error \(locking).")
    defer {
      let unlocking = pthread_mutex_unlock(mutex)
      precondition(unlocking == 0, "`pthread_mutex_unlock` failed with error \(unlocking).")
    }
    return try body(&value)
  }
}

// `@unchecked Sendable`: `value` is read and written only inside `withLock`, between
// `pthread_mutex_lock` and `pthread_mutex_unlock` of `mutex`, so no two threads touch it at once;
// `sending` in and out keeps a value that is not `Sendable` from staying reachable outside the
// lock. `mutex` is allocated once, never moves, and is destroyed only in `deinit`, when no
// `withLock` can be running.
extension Locked: @unchecked Sendable {}
