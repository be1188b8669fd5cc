/// A value guarded by a lock: the lock every shared mutable state in this package takes.
///
/// It has the shape of swift-nio's `NIOLockedValueBox`: one object, a ``LockStorage``, holds
/// the value and the lock, so making a `Locked` is one allocation and the lock never moves
/// once initialized. On Linux the lock is a `pthread_mutex_t`, whose calls ThreadSanitizer
/// intercepts, so the state this type guards is checked like any other and ThreadSanitizer
/// runs with no suppressions. (`Synchronization.Mutex` waits through futex calls inside the
/// Swift runtime on Linux, which ThreadSanitizer does not see, so it would report the state a
/// `Mutex` guards as racing whenever two threads contend for it.) On Apple platforms it is an
/// `os_unfair_lock`, which lends a waiter's priority to the holder.
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
/// not `Sendable` can be guarded too, and never escapes the lock still shared. Copies of a
/// `Locked` share one value and one lock.
///
/// > Important: The lock is not recursive. Calling `withLock` on a lock from inside its own
/// > body stops the program with a message in a debug build (the mutex checks for errors
/// > there; `os_unfair_lock` always does), and deadlocks in a release build on Linux.
@usableFromInline
package struct Locked<Value> {
  @usableFromInline let storage: LockStorage<Value>

  /// A lock guarding `initialValue`.
  package init(_ initialValue: sending Value) {
    storage = LockStorage.make(initialValue)
  }

  /// Runs `body` with the value, holding the lock, and returns what it returns.
  ///
  /// - Parameter body: Reads or changes the value; it must not take this lock again.
  /// - Returns: What `body` returns.
  @inlinable
  package func withLock<Result, Failure: Error>(
    _ body: (inout sending Value) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    // The two pointers leave the closure that lends them: they point into the storage's own
    // allocation, which does not move and outlives this call, since `storage` holds it. Here,
    // rather than in a method of the storage, because a value reached from a `Sendable` owner
    // can be handed to `body` as `sending`; `ManagedBuffer` is not `Sendable`.
    let (value, lock) = unsafe storage.withUnsafeMutablePointers { (unsafe $0, unsafe $1) }
    unsafe LockOperations.lock(lock)
    defer { unsafe LockOperations.unlock(lock) }
    return try unsafe body(&value.pointee)
  }
}

// `@unchecked Sendable` (`ManagedBuffer`, and so ``LockStorage``, is explicitly not `Sendable`):
// the value is read and written only in `withLock`, between `LockOperations.lock` and
// `LockOperations.unlock` of the storage's lock, so no two threads touch it at once; `sending`
// in and out keeps a value that is not `Sendable` from staying reachable outside the lock. The
// lock is initialized in `LockStorage.make`, before a `Locked` can be shared, and destroyed in
// the storage's `deinit`, when no `withLock` can be running.
extension Locked: @unchecked Sendable {}
