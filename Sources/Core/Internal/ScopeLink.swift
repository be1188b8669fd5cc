/// How a scoped store reaches its parent: where its state comes from and where its actions go.
@MainActor
final class ScopeLink<State, Action> {
  let parent: any ParentStore
  /// Reads this store's state out of the parent's current state; `nil` when it is gone.
  let derive: @MainActor () -> State?
  /// Wraps and sends an action to the parent.
  let forward: @MainActor (Action) -> StoreTask
  /// Whether the state can be gone (an optional or an element).
  let isOptional: Bool
  /// A description of the key path, for diagnostics.
  let path: String
  var parentChangeSeen: UInt64
  var isGone = false

  init(
    parent: any ParentStore,
    derive: @escaping @MainActor () -> State?,
    forward: @escaping @MainActor (Action) -> StoreTask,
    isOptional: Bool,
    path: String
  ) {
    self.parent = parent
    self.derive = derive
    self.forward = forward
    self.isOptional = isOptional
    self.path = path
    self.parentChangeSeen = parent.changeCount
  }
}

/// A store as its scoped children see it.
@MainActor
protocol ParentStore: AnyObject {
  var changeCount: UInt64 { get }
  func refreshIfNeeded()
  func register(_ child: any ScopedChild)
  func unregister(_ child: any ScopedChild)
}

/// A scoped store as its parent sees it during propagation.
@MainActor
protocol ScopedChild: AnyObject {
  /// The parent changed and is up to date: refresh, notify, and recurse if changed.
  func parentDidChange()
}

/// A weak reference to a registered child.
struct WeakChild {
  weak var store: (any ScopedChild)?
}

/// Identifies a cached `scope(state:)` child.
struct ScopeCacheKey: Hashable {
  let keyPath: AnyKeyPath
  let childType: ObjectIdentifier
}
