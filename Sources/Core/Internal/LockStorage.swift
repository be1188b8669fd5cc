/// The object behind a ``Locked``: its value as the header of a `ManagedBuffer` and the lock
/// as its one element, so both live in one allocation, and the lock, once initialized, never
/// moves (a `pthread_mutex_t` must not).
///
/// ``Locked/withLock(_:)`` reaches the value through the buffer's pointer rather than a stored
/// property, so an access pays no run-time exclusivity check: the lock already makes every
/// access exclusive.
@usableFromInline @safe
final class LockStorage<Value>: ManagedBuffer<Value, LockPrimitive> {
  /// A storage holding `initialValue`, its lock initialized.
  static func make(_ initialValue: sending Value) -> LockStorage {
    let buffer = unsafe create(minimumCapacity: 1) { _ in initialValue }
    // `create` allocates an instance of the class it is called on; the checked cast costs
    // nothing on `withLock`'s path.
    let storage = unsafe buffer as! LockStorage
    unsafe storage.withUnsafeMutablePointerToElements { lock in
      unsafe LockOperations.initialize(lock)
    }
    return storage
  }

  deinit {
    unsafe withUnsafeMutablePointerToElements { lock in
      unsafe LockOperations.destroy(lock)
    }
  }
}
