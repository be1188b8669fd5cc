import Testing

@testable import Core

// The example in the doc comment of Locked, the package's lock, which is internal to Core.

@Test func lockedGuardsItsValue() {
  let counter = Locked(0)
  let next = counter.withLock { value in
    value += 1
    return value
  }
  #expect(next == 1)
  #expect(counter.withLock { $0 } == 1)
}
