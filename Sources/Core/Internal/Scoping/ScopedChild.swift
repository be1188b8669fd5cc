/// A scoped store (or a group of them) as its parent sees it during propagation.
@MainActor
protocol ScopedChild: AnyObject {
  /// The parent changed and is up to date: refresh, notify, and recurse if changed.
  func parentDidChange()

  /// Whether something other than its parent keeps this child alive for as long as it is
  /// attached: a store's observers (each subscription holds its store), an element-scope
  /// group's store. Its parent then holds it strongly (see ``ChildSlot``).
  var isKeptAliveElsewhere: Bool { get }

  /// Whether this child is a key-path scope to an optional `Identifiable` state.
  var isKeyPathRowScope: Bool { get }

  /// This child's slot in its parent's ``ChildList``, or -1.
  var slot: Int { get set }

  /// How many scopes separate this child from the root: a store's own depth, an element
  /// group's the depth of the stores it holds.
  var depth: Int { get }
}

/// A weak reference to a cached child: a child that is released is scoped anew.
struct WeakChild {
  weak var store: (any ScopedChild)?
}

/// Identifies a cached `scope(state:)` child.
struct ScopeCacheKey: Hashable {
  let keyPath: AnyKeyPath
  let childType: ObjectIdentifier
}
