/// A type-erased, sendable cancellation id.
package struct CancelID: Hashable, Sendable {
  let base: any Hashable & Sendable

  init(_ base: some Hashable & Sendable) {
    self.base = base
  }

  package static func == (lhs: Self, rhs: Self) -> Bool {
    AnyHashable(lhs.base) == AnyHashable(rhs.base)
  }

  package func hash(into hasher: inout Hasher) {
    AnyHashable(base).hash(into: &hasher)
  }
}

/// A key path used as (part of) a cancellation id.
///
/// `@unchecked Sendable` is safe: a key path is an immutable object once created, and this
/// wrapper only hashes and compares it.
struct KeyPathID: Hashable, @unchecked Sendable {
  let keyPath: AnyKeyPath
}
