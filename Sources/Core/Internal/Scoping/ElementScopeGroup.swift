/// Storage of identified elements that an ``ElementScopeGroup`` reads by id and compares
/// between versions: an ``IdentifiedArray``, or the storage of a ``StackState``.
@usableFromInline
protocol ElementStorage {
  associatedtype ID: Hashable
  /// What a store scoped to one element holds: the element itself, or a stack's screen state.
  associatedtype ScopedValue: Equatable
  init()
  /// The value a store scoped to the element with `id` holds, or `nil` when there is none.
  func value(id: ID) -> ScopedValue?
  /// Takes the value a store scoped to the element with `id` holds into `current` with
  /// `replace`, and says whether it changed; `.vanished` when no element has `id`.
  ///
  /// One call, without an `Optional` of the value in between: in this unspecialized code an
  /// optional of a generic type costs a run-time metadata look-up.
  func read(
    id: ID, into current: inout ScopedValue, with replace: StateReplacement<ScopedValue>
  ) -> ScopeRead
  /// The objects the storage is made of: equal for an unchanged copy (see
  /// ``StorageIdentity``).
  var identity: StorageIdentity { get }
  /// Calls `body` with the id of every element that may differ from `old`: added, removed or
  /// changed, visiting only what is not shared with `old`.
  func forEachChangedID(since old: Self, _ body: (ID) -> Void)
}

extension IdentifiedArray: ElementStorage where Element: Equatable {
  @usableFromInline
  typealias ID = Element.ID
  @usableFromInline
  func value(id: Element.ID) -> Element? { self[id: id] }

  @inlinable
  var identity: StorageIdentity { StorageIdentity(elements.rootBase, ids.storage) }

  @usableFromInline
  func read(
    id: Element.ID, into current: inout Element, with replace: StateReplacement<Element>
  ) -> ScopeRead {
    guard let element = self[id: id] else { return .vanished }
    return replace(&current, element) ? .changed : .unchanged
  }
}

extension StackStorage where Element: Equatable {
  @usableFromInline
  typealias ID = StackElementID
  @usableFromInline
  typealias ScopedValue = Element
  @usableFromInline
  func value(id: StackElementID) -> Element? { self[id: id]?.element }

  @inlinable
  var identity: StorageIdentity {
    StorageIdentity(base.elements.rootBase, base.ids.storage, tail)
  }

  /// Reads a screen of the tail in place, without building its ``StackComponent``.
  /// Inlinable, so that the usual read, of a screen near the top, runs specialized.
  @inlinable
  func read(
    id: StackElementID, into current: inout Element, with replace: StateReplacement<Element>
  ) -> ScopeRead {
    if let tail, let index = tail.ids.lastIndex(of: id) {
      return replace(&current, tail.elements[index]) ? .changed : .unchanged
    }
    guard let component = base[id: id] else { return .vanished }
    return replace(&current, component.element) ? .changed : .unchanged
  }
}

/// The stores scoped to elements of one identified array (or stack) of a parent store, keyed
/// by id.
///
/// The parent visits the group as a single child, however many element stores there are.
/// When the parent changes, the group compares the storage with the one it last saw: if the
/// storage is shared (the action did not touch the array) it stops at once; otherwise it asks
/// the storage which elements may have changed, O(log n) each, and visits only the stores of
/// those ids. So the cost of an action follows the number of changed elements, not the number
/// of live element stores.
@MainActor
final class ElementScopeGroup<ParentState, ParentAction, Storage: ElementStorage>: ScopedChild {
  typealias ID = Storage.ID

  /// Unowned, not strong: the parent owns the group (`elementGroups`), and every element
  /// source that reaches the group also keeps the parent alive, so the group never outlives
  /// it.
  unowned let parent: Store<ParentState, ParentAction>
  let keyPath: KeyPath<ParentState, Storage>
  /// The byte offset of the storage when `keyPath` is a path of stored properties: read there,
  /// not through the runtime's key-path read, which in this unspecialized code makes two
  /// generic metadata look-ups and a copy of the parent's state.
  private let offset: Int?
  /// How the element stores' values are read and the changed elements found (specialized for
  /// the element type): held once here rather than by each store's source.
  let access: ElementAccess<Storage>
  /// The collection's key path as the user wrote it, for diagnostics.
  let displayPath: AnyKeyPath
  let depth: Int
  private var membership = ElementGroupMembership.detached
  /// The storage at the last visit, while attached; its identity is the membership's `seen`,
  /// which it keeps valid (see ``StorageIdentity``).
  private var last = Storage()
  private var members: [ID: ElementGroupMembers] = [:]
  /// Attachments since dead entries were last swept out of `members`.
  private var attachmentsSinceSweep = 0

  init(
    parent: Store<ParentState, ParentAction>, keyPath: KeyPath<ParentState, Storage>,
    displayPath: AnyKeyPath, access: ElementAccess<Storage>
  ) {
    self.parent = parent
    self.access = access
    self.keyPath = keyPath
    self.offset = MemoryLayout<ParentState>.offset(of: keyPath)
    self.displayPath = displayPath
    self.depth = parent.depth + 1
  }

  var isKeyPathRowScope: Bool { false }
  /// The store that made the group holds it in `elementGroups` for as long as it lives.
  var isKeptAliveElsewhere: Bool { true }

  var slot: Int {
    get {
      guard case .attached(let slot, _) = membership else { return -1 }
      return slot
    }
    set {
      guard case .attached(_, let seen) = membership else { return }
      membership = .attached(slot: newValue, seen: seen)
    }
  }

  /// `body` of the collection in `parent`'s current state, read in place at its offset (the
  /// parent, passed in: each read of the unowned reference retains and releases it).
  @inline(__always)
  private func withStorage<Result>(
    in parent: Store<ParentState, ParentAction>, _ body: (Storage) -> Result
  ) -> Result {
    guard let offset else { return unsafe body(parent.current[keyPath: keyPath]) }
    return unsafe withStoredProperty(at: offset, of: &parent.current, as: Storage.self) { body($0) }
  }

  /// The value of the element with `id` in the parent's current state.
  func value(id: ID) -> Storage.ScopedValue? {
    withStorage(in: parent) { $0.value(id: id) }
  }

  /// Takes the value of the element with `id` in the parent's current state into `current`
  /// (see ``ElementStorage/read(id:into:with:)``).
  func read(id: ID, into current: inout Storage.ScopedValue) -> ScopeRead {
    withStorage(in: parent) { access.read($0, id, &current) }
  }

  func attach(_ child: any ScopedChild, id: ID) {
    let reference = ChildSlot(store: child, depth: child.depth)
    if members[id] == nil {
      members[id] = ElementGroupMembers(first: reference)
    } else {
      members[id]!.more.append(reference)
    }
    attachmentsSinceSweep += 1
    if attachmentsSinceSweep > max(64, members.count) { sweep() }
    guard case .detached = membership else { return }
    parent.refreshIfNeeded()
    last = withStorage(in: parent) { $0 }
    membership = .attached(slot: -1, seen: access.identity(last))
    parent.attach(self)
  }

  /// Holds `child`, a store of the element `id`, strongly or weakly again, after its
  /// observers came or went (see ``ChildSlot``).
  func holdAgain(_ child: any ScopedChild, id: ID) {
    guard let entry = members[id] else { return }
    if entry.first.store === child { return entry.first.hold(child) }
    entry.more.first { $0.store === child }?.hold(child)
  }

  func detach(_ child: any ScopedChild, id: ID) {
    if var entry = members[id] {
      entry.more.removeAll { $0.store === child || $0.store == nil }
      if entry.first.store === child || entry.first.store == nil {
        if entry.more.isEmpty {
          members[id] = nil
        } else {
          entry.first = entry.more.removeFirst()
          members[id] = entry
        }
      } else {
        members[id] = entry
      }
    }
    if members.isEmpty { leaveParent() }
  }

  func parentDidChange() {
    // One read of the membership, and the collection's identity read in place: a visit that
    // finds the collection unchanged (the usual one) copies nothing and touches no generic
    // value.
    guard case .attached(let slot, let seen) = membership else { return }
    let parent = parent
    let identity = withStorage(in: parent) { access.identity($0) }
    guard identity != seen else { return }
    membership = .attached(slot: slot, seen: identity)
    let new = withStorage(in: parent) { $0 }
    // Swapped, not read then assigned: one access to `last`, and no retain and release of each
    // object the storage holds.
    var old = new
    swap(&old, &last)
    var hasReleased = false
    access.forEachChangedID(new, old) { id in
      guard let entry = members[id] else { return }
      if let store = entry.first.store { store.parentDidChange() } else { hasReleased = true }
      for other in entry.more {
        if let store = other.store { store.parentDidChange() } else { hasReleased = true }
      }
    }
    if hasReleased { sweep() }
  }

  /// Drops the entries of released stores; leaves the parent when none is left.
  private func sweep() {
    attachmentsSinceSweep = 0
    var live: [ID: ElementGroupMembers] = [:]
    for (id, entry) in members {
      var stores = ([entry.first] + entry.more).filter { $0.store != nil }
      guard !stores.isEmpty else { continue }
      live[id] = ElementGroupMembers(first: stores.removeFirst(), more: stores)
    }
    members = live
    if members.isEmpty { leaveParent() }
  }

  private func leaveParent() {
    guard case .attached = membership else { return }
    // Detached from the parent's list first: it reads the slot to find the group.
    parent.detach(self)
    membership = .detached
    last = Storage()
  }
}

/// Whether a parent visits an ``ElementScopeGroup``: detached while no element store is
/// attached; attached at a slot of the parent's ``ChildList``, having seen the collection
/// with identity `seen`.
///
/// Declared outside the generic group, and the storage the group saw last kept beside it rather
/// than as a payload: matching a case of a generic enum costs a run-time metadata look-up on
/// every visit.
enum ElementGroupMembership {
  case detached
  case attached(slot: Int, seen: StorageIdentity)
}

/// The attached stores of one id in an ``ElementScopeGroup`` (usually one); outside the generic
/// group, so that it needs no metadata look-up.
struct ElementGroupMembers {
  var first: ChildSlot
  var more: [ChildSlot] = []
}
