import Dispatch
import Foundation
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

  @Test func threadsThatFindItHeldGetItInTurn() {
    let entries = Locked<[Int]>([])
    let holding = DispatchSemaphore(value: 0)
    let letGo = DispatchSemaphore(value: 0)
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) {
      entries.withLock { entries in
        holding.signal()
        letGo.wait()
        entries.append(0)
      }
    }
    holding.wait()
    for index in 1...3 {
      DispatchQueue.global().async(group: group) { entries.withLock { $0.append(index) } }
    }
    // The holder and the three waiting for it: each waiter has counted itself in.
    let deadline = ContinuousClock.now + .seconds(10)
    while entries.claims.load(ordering: .relaxed) != 4, ContinuousClock.now < deadline {
      Thread.sleep(forTimeInterval: 0.001)
    }
    #expect(entries.claims.load(ordering: .relaxed) == 4)
    letGo.signal()
    group.wait()
    let final = entries.withLock { $0 }
    #expect(final.first == 0)
    #expect(final.sorted() == [0, 1, 2, 3])
    #expect(entries.claims.load(ordering: .relaxed) == 0)
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
