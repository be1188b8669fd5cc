import Dispatch
import Testing

@testable import Core

/// `Locked`, the lock all shared mutable state takes: it excludes, and a throwing body leaves it
/// unlocked. Under ThreadSanitizer (`.ci/run`), a missing happens-before edge here is a report.
@Suite struct LockedTests {
  @Test func incrementsFromManyThreadsAreNeverLost() {
    let counter = Locked(0)
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      for _ in 0..<2_000 { counter.withLock { $0 += 1 } }
    }
    #expect(counter.withLock { $0 } == 8_000)
  }

  @Test func aThrowingBodyLeavesTheLockUnlockedAndItsChanges() {
    struct Refusal: Error {}
    let value = Locked([1])
    #expect(throws: Refusal.self) {
      try value.withLock { (values: inout [Int]) throws(Refusal) in
        values.append(2)
        throw Refusal()
      }
    }
    #expect(value.withLock { $0 } == [1, 2])
  }

  @Test func theValueIsReleasedWithTheLock() {
    final class Tracked: Sendable {}
    weak var released: Tracked?
    do {
      let lock = Locked(Tracked())
      lock.withLock { released = $0 }
      #expect(released != nil)
    }
    #expect(released == nil)
  }
}
