#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

#if canImport(Darwin)
  /// The platform's lock: `os_unfair_lock` lends a waiter's priority to the holder, and traps
  /// when a thread takes it again.
  @usableFromInline typealias LockPrimitive = os_unfair_lock
#else
  /// The platform's lock: a `pthread_mutex_t`, whose calls ThreadSanitizer intercepts.
  @usableFromInline typealias LockPrimitive = pthread_mutex_t
#endif

/// The four operations on a ``LockPrimitive``, one implementation per platform.
@usableFromInline
enum LockOperations {
  /// Initializes the lock at `lock`, which must not move until ``destroy(_:)``.
  ///
  /// In a debug build the mutex checks for errors, so a thread taking a lock it holds gets an
  /// error, which ``lock(_:)`` turns into a stop with a message, instead of a silent deadlock.
  static func initialize(_ lock: UnsafeMutablePointer<LockPrimitive>) {
    #if canImport(Darwin)
      unsafe lock.initialize(to: os_unfair_lock())
    #else
      unsafe lock.initialize(to: pthread_mutex_t())
      var attributes = pthread_mutexattr_t()
      unsafe pthread_mutexattr_init(&attributes)
      defer { unsafe pthread_mutexattr_destroy(&attributes) }
      #if DEBUG
        unsafe pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK))
      #endif
      let error = unsafe pthread_mutex_init(lock, &attributes)
      precondition(error == 0, "`pthread_mutex_init` failed with error \(error).")
    #endif
  }

  /// Destroys the lock at `lock`, which nobody holds.
  static func destroy(_ lock: UnsafeMutablePointer<LockPrimitive>) {
    #if !canImport(Darwin)
      let error = unsafe pthread_mutex_destroy(lock)
      precondition(error == 0, "`pthread_mutex_destroy` failed with error \(error).")
    #endif
    unsafe lock.deinitialize(count: 1)
  }

  /// Takes the lock at `lock`, waiting while another thread holds it.
  @inlinable
  static func lock(_ lock: UnsafeMutablePointer<LockPrimitive>) {
    #if canImport(Darwin)
      unsafe os_unfair_lock_lock(lock)
    #else
      let error = unsafe pthread_mutex_lock(lock)
      precondition(
        error == 0,
        "`pthread_mutex_lock` failed with error \(error)"
          + (error == EDEADLK ? " (EDEADLK): this thread already holds the lock." : "."))
    #endif
  }

  /// Releases the lock at `lock`, which this thread holds.
  @inlinable
  static func unlock(_ lock: UnsafeMutablePointer<LockPrimitive>) {
    #if canImport(Darwin)
      unsafe os_unfair_lock_unlock(lock)
    #else
      let error = unsafe pthread_mutex_unlock(lock)
      precondition(error == 0, "`pthread_mutex_unlock` failed with error \(error).")
    #endif
  }
}
