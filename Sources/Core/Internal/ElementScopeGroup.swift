/// Storage of identified elements that an ``ElementScopeGroup`` reads by id and compares
/// between versions: an ``IdentifiedArray``, or the storage of a ``StackState``.
protocol ElementStorage<Element> {
  associatedtype Element: Identifiable
  init()
  subscript(id id: Element.ID) -> Element? { get }
  /// Whether both certainly hold the same elements, known in O(1) when one is an unchanged copy
  /// of the other.
  func isIdentical(to other: Self) -> Bool
  /// Calls `body` with the id of every element that may differ from `old`: added, removed or
  /// changed, visiting only what is not shared with `old`.
  func forEachChangedID(since old: Self, _ body: (Element.ID) -> Void)
}

extension IdentifiedArray: ElementStorage {}

/// The stores scoped to elements of one identified array (or stack) of a parent store, keyed
/// by id.
///
/// The parent registers the group as a single child, however many element stores there are.
/// When the parent changes, the group compares the storage with the one it last saw: if the
/// storage is shared (the action did not touch the array) it stops at once; otherwise it asks
/// the storage which elements may have changed, O(log n) each, and visits only the stores of
/// those ids. So the cost of an action follows the number of changed elements, not the number
/// of live element stores.
@MainActor
final class ElementScopeGroup<ParentState, ParentAction, Element: Identifiable & Equatable>:
  ScopedChild
{
  var isKeyPathRowScope: Bool { false }

  /// The registered stores of one id (usually one).
  private struct Members {
    var first: WeakChild
    var more: [WeakChild] = []
  }

  // `unowned(unsafe)` is safe: the parent owns the group (`elementGroups`), and every element
  // link that can reach the group also keeps the parent alive, so the group is never used
  // after the parent is gone.
  unowned(unsafe) let parent: Store<ParentState, ParentAction>
  /// The path to the storage, for diagnostics.
  let keyPath: AnyKeyPath
  /// The element with an id in a state of the parent.
  private let read: (borrowing ParentState, Element.ID) -> Element?
  /// Remembers the storage in a state of the parent, or forgets it (`nil`). The storage at the
  /// last visit is kept while registered.
  private let remember: (borrowing ParentState?) -> Void
  /// Remembers the storage in a state of the parent and calls the function with the ids that
  /// may differ from the storage remembered before.
  private let visitChanges: (borrowing ParentState, (Element.ID) -> Void) -> Void
  private var members: [Element.ID: Members] = [:]
  private var isRegistered = false
  var slot = -1
  /// Registrations since dead entries were last swept out of `members`.
  private var registrationsSinceSweep = 0

  init<Storage: ElementStorage<Element>>(
    parent: Store<ParentState, ParentAction>, keyPath: KeyPath<ParentState, Storage>
  ) {
    self.parent = parent
    self.keyPath = keyPath
    (read, remember, visitChanges) = Self.tracking(keyPath)
  }

  /// `read`, `remember` and `visitChanges` for the storage at `keyPath`.
  private nonisolated static func tracking<Storage: ElementStorage<Element>>(
    _ keyPath: KeyPath<ParentState, Storage>
  ) -> (
    (borrowing ParentState, Element.ID) -> Element?,
    (borrowing ParentState?) -> Void,
    (borrowing ParentState, (Element.ID) -> Void) -> Void
  ) {
    var last = Storage()
    return (
      { $0[keyPath: keyPath][id: $1] },
      { last = $0?[keyPath: keyPath] ?? Storage() },
      { state, body in
        let new = state[keyPath: keyPath]
        let old = last
        last = new
        if !new.isIdentical(to: old) { new.forEachChangedID(since: old, body) }
      }
    )
  }

  /// The element with `id` in the parent's current state.
  func element(id: Element.ID) -> Element? {
    read(parent.current, id)
  }

  func register(_ child: any ScopedChild, id: Element.ID) {
    let reference = WeakChild(store: child)
    if members[id] == nil {
      members[id] = Members(first: reference)
    } else {
      members[id]!.more.append(reference)
    }
    registrationsSinceSweep += 1
    if registrationsSinceSweep > max(64, members.count) { sweep() }
    if !isRegistered {
      isRegistered = true
      parent.refreshIfNeeded()
      remember(parent.current)
      parent.register(self)
    }
  }

  func unregister(_ child: any ScopedChild, id: Element.ID) {
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
    var hasReleased = false
    visitChanges(parent.current) { id in
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
    registrationsSinceSweep = 0
    var live: [Element.ID: Members] = [:]
    for (id, entry) in members {
      var stores = ([entry.first] + entry.more).filter { $0.store != nil }
      guard !stores.isEmpty else { continue }
      live[id] = Members(first: stores.removeFirst(), more: stores)
    }
    members = live
    if members.isEmpty { leaveParent() }
  }

  private func leaveParent() {
    guard isRegistered else { return }
    isRegistered = false
    remember(nil)
    parent.unregister(self)
  }
}
