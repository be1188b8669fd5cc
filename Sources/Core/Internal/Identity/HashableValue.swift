/// A type-erased, sendable hashable value: a cancellation id, a throttle id, the `id` of an
/// `Identifiable` child.
@usableFromInline
package struct HashableValue: Hashable, Sendable {
  let base: any Hashable & Sendable

  init(_ base: some Hashable & Sendable) {
    self.base = base
  }

  @usableFromInline
  package static func == (lhs: Self, rhs: Self) -> Bool {
    AnyHashable(lhs.base) == AnyHashable(rhs.base)
  }

  @usableFromInline
  package func hash(into hasher: inout Hasher) {
    AnyHashable(base).hash(into: &hasher)
  }
}

/// A key path as part of a child's identity.
///
/// `@unchecked Sendable` is safe: a key path is an immutable object once created, and this
/// wrapper only hashes and compares it.
@usableFromInline
package struct KeyPathID: Hashable, @unchecked Sendable {
  let keyPath: AnyKeyPath

  @usableFromInline
  init(_ keyPath: AnyKeyPath) {
    self.keyPath = keyPath
  }
}
