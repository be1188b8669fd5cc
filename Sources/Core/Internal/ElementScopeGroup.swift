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
final class ElementScopeGroup<ParentState, ParentAction, Storage: ElementStorage>: ScopedChild
where Storage.Element: Equatable {
  typealias Element = Storage.Element

  var isKeyPathRowScope: Bool { false }
  var depth: Int { parent.depth + 1 }

  /// The registered stores of one id (usually one).
  private struct Members {
    var first: WeakChild
    var more: [WeakChild] = []
  }

  // `unowned(unsafe)` is safe: the parent owns the group (`elementGroups`), and every element
  // link that can reach the group also keeps the parent alive, so the group is never used
  // after the parent is gone.
  unowned(unsafe) let parent: Store<ParentState, ParentAction>
  let keyPath: KeyPath<ParentState, Storage>
  /// The storage at the last visit, while registered.
  private var last = Storage()
  private var members: [Element.ID: Members] = [:]
  private var isRegistered = false
  var slot = -1
  /// Registrations since dead entries were last swept out of `members`.
  private var registrationsSinceSweep = 0

  init(parent: Store<ParentState, ParentAction>, keyPath: KeyPath<ParentState, Storage>) {
    self.parent = parent
    self.keyPath = keyPath
  }

  /// The element with `id` in the parent's current state.
  func element(id: Element.ID) -> Element? {
    parent.current[keyPath: keyPath][id: id]
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
      last = parent.current[keyPath: keyPath]
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
    let new = parent.current[keyPath: keyPath]
    let old = last
    last = new
    guard !new.isIdentical(to: old) else { return }
    var hasReleased = false
    new.forEachChangedID(since: old) { id in
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
    last = Storage()
    parent.unregister(self)
  }
}
