/// The link of a store scoped with a key path to an optional: `scope(state: \.editor, ...)`.
final class OptionalPropertyLink<ParentState, ParentAction, State: Equatable, Action>:
  ScopeLink<State, Action>
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

  override var isOptional: Bool { true }
  override var parentChangeCount: UInt64 { parent.changeCount }
  override func refreshParent() { parent.refreshIfNeeded() }
  override func update(_ current: inout State) -> ScopeUpdate {
    guard let newValue = parent.current[keyPath: keyPath] else { return .gone }
    let isChanged = newValue != current
    current = newValue
    return isChanged ? .changed : .unchanged
  }

  override func forward(_ action: Action) -> StoreTask { parent.send(embed(action)) }
  override func register(_ child: Store<State, Action>) {
    parent.register(child)
    if isRowScope { RowScopeHint.didRegister(on: parent, rowType: State.self) }
  }

  override func unregister(_ child: Store<State, Action>) { parent.unregister(child) }
  override var isRowScope: Bool { State.self is any Identifiable.Type }
  override var path: String { "\(keyPath)" }
  override var origin: String { scopeOrigin(parent: parent, path: path) }
}
