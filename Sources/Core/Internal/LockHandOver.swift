import Foundation

/// Where the threads waiting for a ``Locked`` lock sleep: each ``signal()`` lets exactly one
/// ``wait()`` return, whether that wait began before the signal or after it.
///
/// A count of hand-overs not yet taken, rather than a bare condition signal, because a holder
/// may release the lock between a waiter's increment of the lock's count and its arrival
/// here: that hand-over waits for it instead of being lost.
@usableFromInline
final class LockHandOver {
  private let condition = NSCondition()
  /// Hand-overs given and not yet taken; touched only while `condition` is locked.
  private var available = 0

  init() {}

  /// Returns once a hand-over is available, and takes it. Out of line, as ``signal()`` is: only
  /// contention comes here, and ``Locked/withLock(_:)`` stays small where it is inlined.
  @usableFromInline @inline(never)
  func wait() {
    condition.lock()
    while available == 0 { condition.wait() }
    available -= 1
    condition.unlock()
  }

  /// Makes one hand-over available, and wakes one waiter to take it (or the thread that will
  /// wait: it may not have called ``wait()`` yet, and then finds the hand-over there).
  @usableFromInline @inline(never)
  func signal() {
    condition.lock()
    available += 1
    condition.signal()
    condition.unlock()
  }
}

// `@unchecked Sendable`: `available` is read and written only between `condition.lock()` and
// `condition.unlock()`, so no two threads touch it at once.
extension LockHandOver: @unchecked Sendable {}
