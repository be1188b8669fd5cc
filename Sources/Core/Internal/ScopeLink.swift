/// How a scoped store reaches its parent: where its state comes from, where its actions go,
/// and where it registers to be visited when the parent changes.
///
/// An abstract base: ``PropertyLink`` scopes through a key path, ``OptionalPropertyLink``
/// through a key path to an optional, ``ElementLink`` to one element of an identified array.
/// Subclasses know their parent's concrete type, so deriving, comparing and forwarding are
/// direct calls, with no closures allocated per store.
@MainActor
class ScopeLink<State, Action> {
  /// The parent's `changeCount` when this store last derived its state.
  var parentChangeSeen: UInt64 = 0
  /// Whether the state it is scoped to is gone (an optional that became `nil`, a removed
  /// element).
  var isGone = false

  /// Whether the state can be gone.
  var isOptional: Bool { false }

  /// Whether this is a key-path scope to an optional `Identifiable` state (see `RowScopeHint`).
  var isRowScope: Bool { false }

  /// The parent's current `changeCount`.
  var parentChangeCount: UInt64 { abstract() }

  /// Brings the parent (and its ancestors) up to date.
  func refreshParent() { abstract() }

  /// Reads this store's state out of the parent's current state into `current`, and says
  /// whether it changed (by `==`) or is gone (leaving `current` as it was).
  ///
  /// One call rather than "derive an optional, then compare": in unspecialized generic code
  /// an `Optional<State>` value costs a run-time metadata look-up.
  func update(_ current: inout State) -> ScopeUpdate { abstract() }

  /// Wraps and sends an action to the parent.
  func forward(_ action: Action) -> StoreTask { abstract() }

  /// Makes the parent visit `child` after each change.
  func register(_ child: Store<State, Action>) { abstract() }

  /// Stops the parent visiting `child`.
  func unregister(_ child: Store<State, Action>) { abstract() }

  /// The link of a store scoped from this link's store through `keyPath`, going straight to
  /// this link's parent, or `nil` when the child must go through this link's store.
  ///
  /// A chain of key-path scopes (`root.scope(\.a).scope(\.b)`) so collapses into one link
  /// from the root through `\.a.b`: the child derives its state with one read, sends its
  /// actions, embedded twice, straight to the root, and registers with the root, so the store
  /// in between is visited only if it is observed itself. Its value stays exact: it still
  /// derives lazily from its own parent whenever it is read.
  func flattened<Child: Equatable, ChildAction>(
    _ keyPath: KeyPath<State, Child>, embed: @escaping (ChildAction) -> Action
  ) -> ScopeLink<Child, ChildAction>? { nil }

  /// As ``flattened(_:embed:)``, for a key path to an optional.
  func flattened<Child: Equatable, ChildAction>(
    _ keyPath: KeyPath<State, Child?>, embed: @escaping (ChildAction) -> Action
  ) -> ScopeLink<Child, ChildAction>? { nil }

  /// What the store is scoped to, for diagnostics (`\AppState.profile`).
  var path: String { abstract() }

  /// Where the store comes from, for diagnostics: "scoped from 'Store<AppState, AppAction>'
  /// to '\AppState.profile'" (a key path to a computed property prints no name, so it is left
  /// out).
  var origin: String { abstract() }

  private func abstract() -> Never {
    preconditionFailure("'\(type(of: self))' must override every member of 'ScopeLink'")
  }
}

/// What ``ScopeLink/update(_:)`` found.
enum ScopeUpdate {
  case changed
  case unchanged
  case gone
}

/// A scoped store (or a group of them) as its parent sees it during propagation.
@MainActor
protocol ScopedChild: AnyObject {
  /// The parent changed and is up to date: refresh, notify, and recurse if changed.
  func parentDidChange()

  /// Whether this child is a key-path scope to an optional `Identifiable` state.
  var isKeyPathRowScope: Bool { get }

  /// This child's slot in its parent's ``ChildList``, or -1.
  var slot: Int { get set }

  /// How many scopes separate this child from the root: a store's own depth, an element
  /// group's the depth of the stores it holds.
  var depth: Int { get }
}

/// A weak reference to a registered child: a child that is released stops being visited.
struct WeakChild {
  weak var store: (any ScopedChild)?
  /// The child's depth, kept for a slot whose child is gone (see ``ChildList``).
  var depth = 0
}

/// Identifies a cached `scope(state:)` child.
struct ScopeCacheKey: Hashable {
  let keyPath: AnyKeyPath
  let childType: ObjectIdentifier
}

/// "scoped from 'Store<P, A>' to 'path'", leaving out a path that prints no name.
func scopeOrigin(parent: any CustomStringConvertible, path: String) -> String {
  path.hasPrefix("<") || path.contains("<computed")
    ? "on a store scoped from '\(parent)'" : "on a store scoped from '\(parent)' to '\(path)'"
}
