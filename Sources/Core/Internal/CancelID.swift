/// A cancellation id as the store registers it: the id a reducer gave, inside the child
/// instance that returned the effect.
///
/// `path` names that instance from the root, outermost first: a `Scope`'s key path, an
/// `ifLet`'s key path (and the child's `id` when it is `Identifiable`), a `forEach`'s key path
/// and element id. Two rows using the same `CancelID.timer` get different paths, so one row's
/// `.cancel(id:)` or `cancelInFlight` never reaches another's effects. Effects returned by the
/// root reducer have an empty path.
package struct CancelID: Hashable, Sendable {
  let path: [HashableValue]
  let id: HashableValue

  init(_ id: some Hashable & Sendable) {
    self.path = []
    self.id = HashableValue(id)
  }

  private init(path: [HashableValue], id: HashableValue) {
    self.path = path
    self.id = id
  }

  /// This id, as seen from the parent of the child instance `component`.
  func inside(_ component: HashableValue) -> CancelID {
    CancelID(path: [component] + path, id: id)
  }
}

/// A type-erased, sendable hashable value.
@usableFromInline
package struct HashableValue: Hashable, Sendable {
  let base: any Hashable & Sendable

  init(_ base: some Hashable & Sendable) {
    self.base = base
  }

  /// The id of the child a key path leads to.
  @usableFromInline
  init(keyPath: AnyKeyPath) {
    self.init(KeyPathID(keyPath: keyPath))
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

/// A key path used as (part of) a cancellation id.
///
/// `@unchecked Sendable` is safe: a key path is an immutable object once created, and this
/// wrapper only hashes and compares it.
struct KeyPathID: Hashable, @unchecked Sendable {
  let keyPath: AnyKeyPath
}

/// The child instance an `ifLet` presents: its key path, and its `id` when it is
/// `Identifiable`, so that a child replaced by one of another identity is a new instance.
struct PresentedChildID: Hashable, Sendable {
  let keyPath: KeyPathID
  let identity: HashableValue?
}

/// The child of a `Scope` to an enum case: the enum and the case's state type.
struct CaseChildID: Hashable, Sendable {
  let parent: ObjectIdentifier
  let child: ObjectIdentifier
}

/// One element of a `forEach`: its key path and id.
struct ElementChildID<ID: Hashable & Sendable>: Hashable, Sendable {
  let keyPath: KeyPathID
  let id: ID
}
