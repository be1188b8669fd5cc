/// Where a scoped store's state comes from and where its actions go: its parent, seen through a
/// key path, a key path to an optional, or one element of an identified collection.
///
/// A protocol, not a base class, so that a conformer that misses a member does not compile.
/// Conformers know their parent's concrete type, so deriving and forwarding are direct calls,
/// with no closures allocated per store; comparing is the ``StateReplacement`` (for an
/// optional, the ``OptionalStateRead``; for an element, the group's ``ElementAccess``) the
/// `scope` operator built where the state type is known. They hold only constants: what changes
/// while a store lives (the versions it has seen, whether its state is gone, whether it is
/// visited) is the store's ``ScopeMachine``.
///
/// - ``KeyPathSource``: `scope(state: \.profile, action: ...)`; the only one that composes.
/// - ``OptionalKeyPathSource``: `scope(state: \.editor, action: ...)` to an optional.
/// - ``ElementSource``: one element of an `IdentifiedArray`, or one screen of a stack.
@MainActor
protocol ScopeSource<State, Action>: AnyObject {
  associatedtype State
  associatedtype Action

  /// Whether the state can vanish (an optional that becomes `nil`, a removed element), so that
  /// a send must first check it is still there.
  static var canVanish: Bool { get }

  /// Whether this is a key-path scope to an optional `Identifiable` state (see `RowScopeHint`).
  var isRowScope: Bool { get }

  /// The parent's current version (see ``ScopeMachine/version``).
  var parentVersion: UInt64 { get }

  /// Brings the parent (and its ancestors) up to date.
  func refreshParent()

  /// Reads the state out of the parent's current state into `current`, and says whether it
  /// changed (by `==`) or vanished (leaving `current` as it was).
  ///
  /// One call rather than "derive an optional, then compare": in unspecialized generic code an
  /// `Optional<State>` value costs a run-time metadata look-up.
  func read(into current: inout State) -> ScopeRead

  /// Wraps and sends an action to the parent.
  func forward(_ action: Action) -> StoreTask

  /// The function ``forward(_:)`` calls, when forwarding is all that sending to the store does
  /// (its state cannot vanish), so that a store scoped from it forwards straight through it;
  /// `nil` otherwise (see ``Store/forwarding``).
  var forwarding: ((Action) -> StoreTask)? { get }

  /// Makes the parent visit `child` after each change.
  func attach(_ child: Store<State, Action>)

  /// Stops the parent visiting `child`.
  func detach(_ child: Store<State, Action>)

  /// Tells the parent that `child`'s observers came or went, so that it holds the child
  /// strongly or weakly again (see ``ChildSlot``).
  func observersChanged(_ child: Store<State, Action>)

  /// What the store is scoped to, for diagnostics (`\AppState.profile`).
  var path: String { get }

  /// Where the store comes from, for diagnostics: "on a store scoped from
  /// 'Store<AppState, AppAction>' to '\AppState.profile'" (see ``scopeOrigin(parent:path:)``).
  var origin: String { get }

  /// The source of a store scoped from this source's store through `keyPath`, going straight
  /// to this source's parent, or `nil` when the child must go through this source's store.
  ///
  /// A chain of key-path scopes (`root.scope(\.a).scope(\.b)`) so collapses into one source
  /// from the root through `\.a.b`: the child derives its state with one read and attaches to
  /// the root, so the store in between is visited only if it is observed itself. Its value
  /// stays exact: it still derives lazily from its own parent whenever it is read. `send` is
  /// the child's forwarding, built on its parent store's ``Store/forwarding``: each action,
  /// embedded twice, goes straight to the root.
  func composing<Child: Equatable, ChildAction>(
    _ keyPath: KeyPath<State, Child>, send: @escaping (ChildAction) -> StoreTask,
    replace: @escaping StateReplacement<Child>
  ) -> (any ScopeSource<Child, ChildAction>)?

  /// As ``composing(_:send:replace:)``, for a key path to an optional, read with `read`.
  func composing<Child: Equatable, ChildAction>(
    _ keyPath: KeyPath<State, Child?>, send: @escaping (ChildAction) -> StoreTask,
    read: @escaping OptionalStateRead<State, Child>
  ) -> (any ScopeSource<Child, ChildAction>)?
}

/// What ``ScopeSource/read(into:)`` found.
@usableFromInline
enum ScopeRead {
  case changed
  case unchanged
  case vanished
}

/// "on a store scoped from 'Store<P, A>' to 'path'", leaving out a path that prints no name (a
/// key path to a computed property).
func scopeOrigin(parent: any CustomStringConvertible, path: String) -> String {
  path.hasPrefix("<") || path.contains("<computed")
    ? "on a store scoped from '\(parent)'" : "on a store scoped from '\(parent)' to '\(path)'"
}
