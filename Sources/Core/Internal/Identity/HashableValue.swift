/// A type-erased, sendable hashable value: a cancellation id, a throttle id, the `id` of an
/// `Identifiable` child.
///
/// The value is held in a box, so that this is one reference: a struct holding the
/// existential itself is copied, tested for `nil` and compared through value witnesses, and so
/// is every child identity, component and path holding one.
@usableFromInline
package struct HashableValue: Hashable, Sendable {
  private let box: Box

  init(_ base: some Hashable & Sendable) {
    box = Box(base)
  }

  /// The value.
  var base: any Hashable & Sendable { box.base }

  @usableFromInline
  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.box === rhs.box || AnyHashable(lhs.base) == AnyHashable(rhs.base)
  }

  @usableFromInline
  package func hash(into hasher: inout Hasher) {
    AnyHashable(base).hash(into: &hasher)
  }

  private final class Box: Sendable {
    let base: any Hashable & Sendable

    init(_ base: any Hashable & Sendable) {
      self.base = base
    }
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
