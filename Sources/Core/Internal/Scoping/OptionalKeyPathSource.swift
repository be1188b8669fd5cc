/// The source of a store scoped with a key path to an optional: `scope(state: \.editor, ...)`.
final class OptionalKeyPathSource<ParentState, ParentAction, State: Equatable, Action>:
  ScopeSource
{
  let parent: Store<ParentState, ParentAction>
  let keyPath: KeyPath<ParentState, State?>
  let embed: (Action) -> ParentAction

  init(
    parent: Store<ParentState, ParentAction>, keyPath: KeyPath<ParentState, State?>,
    embed: @escaping (Action) -> ParentAction
  ) {
    self.parent = parent
    self.keyPath = keyPath
    self.embed = embed
  }

  static var canVanish: Bool { true }
  var isRowScope: Bool { State.self is any Identifiable.Type }
  var parentVersion: UInt64 { parent.machine.version }
  func refreshParent() { parent.refreshIfNeeded() }

  func read(into current: inout State) -> ScopeRead {
    guard let newValue = parent.current[keyPath: keyPath] else { return .vanished }
    let isChanged = newValue != current
    current = newValue
    return isChanged ? .changed : .unchanged
  }

  func forward(_ action: Action) -> StoreTask { parent.send(embed(action)) }

  func attach(_ child: Store<State, Action>) {
    parent.attach(child)
    if isRowScope { RowScopeHint.didAttach(to: parent, rowType: State.self) }
  }

  func detach(_ child: Store<State, Action>) { parent.detach(child) }
  var path: String { "\(keyPath)" }
  var origin: String { scopeOrigin(parent: parent, path: path) }

  /// `nil`: a store scoped from an optional goes through it, so that its sends are checked
  /// against the optional's presence.
  func composing<Child: Equatable, ChildAction>(
    _ keyPath: KeyPath<State, Child>, embed: @escaping (ChildAction) -> Action
  ) -> (any ScopeSource<Child, ChildAction>)? { nil }

  func composing<Child: Equatable, ChildAction>(
    _ keyPath: KeyPath<State, Child?>, embed: @escaping (ChildAction) -> Action
  ) -> (any ScopeSource<Child, ChildAction>)? { nil }
}
