/// The link of a store scoped to one element of an identified array:
/// `scope(state: \.rows, id: id, action: AppAction.row)`.
final class ElementLink<ParentState, ParentAction, Element: Identifiable & Equatable, Action>:
  ScopeLink<Element, Action>
{
  /// Kept so that the parent lives as long as its children, as for every scoped store.
  let parent: Store<ParentState, ParentAction>
  let group: ElementScopeGroup<ParentState, ParentAction, IdentifiedArray<Element>>
  let id: Element.ID
  let embed: (Element.ID, Action) -> ParentAction

  init(
    group: ElementScopeGroup<ParentState, ParentAction, IdentifiedArray<Element>>, id: Element.ID,
    embed: @escaping (Element.ID, Action) -> ParentAction
  ) {
    self.parent = group.parent
    self.group = group
    self.id = id
    self.embed = embed
  }

  override var isOptional: Bool { true }
  override var parentChangeCount: UInt64 { parent.changeCount }
  override func refreshParent() { parent.refreshIfNeeded() }
  override func update(_ current: inout Element) -> ScopeUpdate {
    guard let newValue = group.element(id: id) else { return .gone }
    let isChanged = newValue != current
    current = newValue
    return isChanged ? .changed : .unchanged
  }

  override func forward(_ action: Action) -> StoreTask { parent.send(embed(id, action)) }
  override func register(_ child: Store<Element, Action>) { group.register(child, id: id) }
  override func unregister(_ child: Store<Element, Action>) { group.unregister(child, id: id) }
  override var path: String { "\(group.keyPath)[id: \(id)]" }
  override var origin: String { scopeOrigin(parent: parent, path: path) }
}
