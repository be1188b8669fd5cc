import Foundation

/// `open()`'s result, once the lock it takes is free again, after a value holding the lock was
/// released: retried for up to two seconds, then the last attempt's error is thrown.
///
/// Releasing the value closes the lock's descriptor at once, but a process that another test
/// spawns at that moment holds a copy of the descriptor until it starts its program, which
/// closes it (the descriptor is close-on-exec): this allows that moment, and no more.
public func openingOnceReleased<Value>(_ open: () throws -> Value) throws -> Value {
  let deadline = ContinuousClock.now + .seconds(2)
  while ContinuousClock.now < deadline {
    if let value = try? open() { return value }
    Thread.sleep(forTimeInterval: 0.01)
  }
  return try open()
}
