import Core
import Testing

/// Counts arrivals from any thread; `wait(for:)` suspends until the count reaches a target.
/// Lets a test wait for "all 10,000 effects have started" without sleeping or polling. A wait
/// that is not satisfied within `timeout` records a test failure and returns, so that a
/// regression fails the test rather than hanging it.
final class ArrivalCounter: Sendable {
  private struct Waiter {
    let id: Int
    let target: Int
    let continuation: CheckedContinuation<Bool, Never>
  }

  private struct Storage {
    var count = 0
    var nextID = 0
    var waiters: [Waiter] = []
  }

  private let storage = Locked(Storage())

  var count: Int { storage.withLock { $0.count } }

  func arrive() {
    let ready = storage.withLock { storage in
      storage.count += 1
      let count = storage.count
      let ready = storage.waiters.filter { $0.target <= count }
      storage.waiters.removeAll { $0.target <= count }
      return ready
    }
    for waiter in ready { waiter.continuation.resume(returning: true) }
  }

  func wait(
    for target: Int, timeout: Duration = .seconds(60),
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) async {
    let reached = await withCheckedContinuation {
      (continuation: CheckedContinuation<Bool, Never>) in
      let id = storage.withLock { storage -> Int? in
        guard storage.count < target else { return nil }
        storage.nextID += 1
        storage.waiters.append(
          Waiter(id: storage.nextID, target: target, continuation: continuation))
        return storage.nextID
      }
      guard let id else { return continuation.resume(returning: true) }
      Task { [self] in
        try? await Task.sleep(for: timeout)
        expire(id)
      }
    }
    if !reached {
      Issue.record(
        "Timed out waiting for \(target) arrivals; \(count) arrived.",
        sourceLocation: sourceLocation)
    }
  }

  private func expire(_ id: Int) {
    let expired = storage.withLock { storage in
      let expired = storage.waiters.filter { $0.id == id }
      storage.waiters.removeAll { $0.id == id }
      return expired
    }
    for waiter in expired { waiter.continuation.resume(returning: false) }
  }
}
