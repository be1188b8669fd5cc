/// The source of a store scoped with a key path to an optional: `scope(state: \.editor, ...)`.
final class OptionalKeyPathSource<ParentState, ParentAction, State: Equatable, Action>:
  ScopeSource
{
  let parent: Store<ParentState, ParentAction>
  let keyPath: KeyPath<ParentState, State?>
  /// Sends an action to `parent`, embedded (see ``Store/forwarding``).
  let send: (Action) -> StoreTask
  /// Takes each new value (specialized for `State`).
  let replace: StateReplacement<State>

  init(
    parent: Store<ParentState, ParentAction>, keyPath: KeyPath<ParentState, State?>,
    send: @escaping (Action) -> StoreTask, replace: @escaping StateReplacement<State>
  ) {
    self.parent = parent
    self.keyPath = keyPath
    self.send = send
    self.replace = replace
  }

  static var canVanish: Bool { true }
  var isRowScope: Bool { State.self is any Identifiable.Type }
  var parentVersion: UInt64 { parent.machine.version }
  func refreshParent() { parent.refreshIfNeeded() }

  func read(into current: inout State) -> ScopeRead {
    guard let newValue = parent.current[keyPath: keyPath] else { return .vanished }
    return replace(&current, newValue) ? .changed : .unchanged
  }

  func forward(_ action: Action) -> StoreTask { send(action) }
  var forwarding: ((Action) -> StoreTask)? { nil }

  func attach(_ child: Store<State, Action>) {
    parent.attach(child)
    if isRowScope { RowScopeHint.didAttach(to: parent, rowType: State.self) }
  }

  func detach(_ child: Store<State, Action>) { parent.detach(child) }
  func observersChanged(_ child: Store<State, Action>) { parent.holdAgain(child) }
  var path: String { "\(keyPath)" }
  var origin: String { scopeOrigin(parent: parent, path: path) }

  /// `nil`: a store scoped from an optional goes through it, so that its sends are checked
  /// against the optional's presence.
  func composing<Child: Equatable, ChildAction>(
    _ keyPath: KeyPath<State, Child>, send: @escaping (ChildAction) -> StoreTask,
    replace: @escaping StateReplacement<Child>
  ) -> (any ScopeSource<Child, ChildAction>)? { nil }

  func composing<Child: Equatable, ChildAction>(
    _ keyPath: KeyPath<State, Child?>, send: @escaping (ChildAction) -> StoreTask,
    replace: @escaping StateReplacement<Child>
  ) -> (any ScopeSource<Child, ChildAction>)? { nil }
}
