import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Core

/// `Locked`, the lock all shared mutable state takes: it excludes, a thread that finds it held
/// waits for it, a throwing body leaves it unlocked, and taking it again from its own body is
/// stopped in a debug build. Under ThreadSanitizer (`.ci/run`), a missing happens-before edge
/// here is a report.
@Suite struct LockedTests {
  @Test func incrementsFromManyThreadsAreNeverLost() {
    let counter = Locked(0)
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      for _ in 0..<2_000 { counter.withLock { $0 += 1 } }
    }
    #expect(counter.withLock { $0 } == 8_000)
  }

  /// Counted outside the lock, with an atomic the lock does not guard: if two bodies ever ran
  /// at once, one of them would see the other inside.
  @Test func noTwoBodiesRunAtOnceUnderContention() {
    let lock = Locked(0)
    let inside = Atomic<Int>(0)
    let mostInside = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<500 {
        lock.withLock { value in
          let now = inside.wrappingAdd(1, ordering: .relaxed).newValue
          mostInside.max(now, ordering: .relaxed)
          // Long enough for another thread to arrive while this one holds the lock.
          for _ in 0..<50 { value &+= 1 }
          inside.wrappingSubtract(1, ordering: .relaxed)
        }
      }
    }
    #expect(mostInside.load(ordering: .relaxed) == 1)
    #expect(lock.withLock { $0 } == 8 * 500 * 50)
  }

  @Test func aThreadThatFindsItHeldWaitsForTheHolder() {
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
    let started = Atomic<Int>(0)
    for index in 1...3 {
      DispatchQueue.global().async(group: group) {
        started.add(1, ordering: .relaxed)
        entries.withLock { $0.append(index) }
      }
    }
    // The waiters have started and still cannot have appended: the holder has not let go.
    let deadline = ContinuousClock.now + .seconds(10)
    while started.load(ordering: .relaxed) != 3, ContinuousClock.now < deadline {
      Thread.sleep(forTimeInterval: 0.001)
    }
    Thread.sleep(forTimeInterval: 0.02)
    #expect(group.wait(timeout: .now()) == .timedOut)
    letGo.signal()
    group.wait()
    let final = entries.withLock { $0 }
    #expect(final.first == 0)
    #expect(final.sorted() == [0, 1, 2, 3])
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

  @Test func copiesShareOneValue() {
    let first = Locked(1)
    let second = first
    second.withLock { $0 = 2 }
    #expect(first.withLock { $0 } == 2)
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

  #if DEBUG
    /// A debug build's mutex checks for errors: taking the lock again from its own body stops
    /// the program, naming the error, instead of hanging it.
    @Test func takingTheLockFromItsOwnBodyStopsADebugBuild() async throws {
      let result = try await #require(
        processExitsWith: .failure, observing: [\.standardErrorContent]
      ) {
        let lock = Locked(0)
        lock.withLock { _ in lock.withLock { $0 += 1 } }
      }
      let message = String(decoding: result.standardErrorContent, as: UTF8.self)
      #if canImport(Darwin)
        #expect(!message.isEmpty)
      #else
        #expect(message.contains("EDEADLK"), "\(message)")
      #endif
    }
  #endif
}
