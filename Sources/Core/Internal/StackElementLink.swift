/// The link of a store scoped to one screen of a navigation stack:
/// `scope(state: \.path, id: id, action: Action.path)`.
///
/// Registers with the parent's element-scope group of the stack's storage, so after an action
/// the parent visits only the stores of screens that changed, whatever the depth of the stack.
final class StackElementLink<ParentState, ParentAction, Element: Equatable, Action>:
  ScopeLink<Element, Action>
{
  typealias Group = ElementScopeGroup<ParentState, ParentAction, StackStorage<Element>>

  /// Kept so that the parent lives as long as its children, as for every scoped store.
  let parent: Store<ParentState, ParentAction>
  let group: Group
  let id: StackElementID
  let embed: (StackAction<Element, Action>) -> ParentAction
  /// The stack's key path, for diagnostics.
  let stackPath: AnyKeyPath

  init(
    group: Group, id: StackElementID, stackPath: AnyKeyPath,
    embed: @escaping (StackAction<Element, Action>) -> ParentAction
  ) {
    self.parent = group.parent
    self.group = group
    self.id = id
    self.stackPath = stackPath
    self.embed = embed
  }

  override var isOptional: Bool { true }
  override var parentChangeCount: UInt64 { parent.changeCount }
  override func refreshParent() { parent.refreshIfNeeded() }
  override func update(_ current: inout Element) -> ScopeUpdate {
    guard let newValue = group.element(id: id)?.element else { return .gone }
    let isChanged = newValue != current
    current = newValue
    return isChanged ? .changed : .unchanged
  }

  override func forward(_ action: Action) -> StoreTask {
    parent.send(embed(.element(id: id, action: action)))
  }
  override func register(_ child: Store<Element, Action>) { group.register(child, id: id) }
  override func unregister(_ child: Store<Element, Action>) { group.unregister(child, id: id) }
  override var path: String { "\(stackPath)[id: \(id)]" }
  override var origin: String { scopeOrigin(parent: parent, path: path) }
}
