/// The source of a store scoped with a key path to an optional: `scope(state: \.editor, ...)`.
final class OptionalKeyPathSource<ParentState, ParentAction, State: Equatable, Action>:
  ScopeSource
{
  let parent: Store<ParentState, ParentAction>
  let keyPath: KeyPath<ParentState, State?>
  /// Sends an action to `parent`, embedded (see ``Store/forwarding``).
  let send: (Action) -> StoreTask
  /// Reads and takes each new value (specialized for both states).
  let readState: OptionalStateRead<ParentState, State>

  init(
    parent: Store<ParentState, ParentAction>, keyPath: KeyPath<ParentState, State?>,
    send: @escaping (Action) -> StoreTask, read: @escaping OptionalStateRead<ParentState, State>
  ) {
    self.parent = parent
    self.keyPath = keyPath
    self.send = send
    self.readState = read
  }

  static var canVanish: Bool { true }
  var isRowScope: Bool { State.self is any Identifiable.Type }
  var parentVersion: UInt64 { parent.machine.version }
  func refreshParent() { parent.refreshIfNeeded() }

  func read(into current: inout State) -> ScopeRead {
    unsafe readState(&parent.current, &current)
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
    read: @escaping OptionalStateRead<State, Child>
  ) -> (any ScopeSource<Child, ChildAction>)? { nil }
}
