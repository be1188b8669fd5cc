import Core

/// A one-shot barrier for effects: `wait()` suspends until `open()` is called (or returns at
/// once after it). It deliberately ignores task cancellation, so that a cancelled effect goes
/// on to `send` after the gate opens, and a test can check that the store drops what it sends.
final class EffectGate: Sendable {
  private struct Storage {
    var isOpen = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let storage = Locked(Storage())

  /// A gate that is open from the start.
  static var opened: EffectGate {
    let gate = EffectGate()
    gate.open()
    return gate
  }

  func wait() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isOpen = storage.withLock { storage in
        if !storage.isOpen { storage.waiters.append(continuation) }
        return storage.isOpen
      }
      if isOpen { continuation.resume() }
    }
  }

  func open() {
    let waiters = storage.withLock { storage in
      storage.isOpen = true
      defer { storage.waiters = [] }
      return storage.waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}
