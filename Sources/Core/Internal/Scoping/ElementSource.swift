/// The source of a store scoped to one element of an identified collection: a row of an
/// ``IdentifiedArray`` (`scope(state: \.rows, id: id, action: AppAction.row)`) or a screen of a
/// navigation stack (`scope(state: \.path, id: id, action: Action.path)`).
///
/// Attaches to the parent's ``ElementScopeGroup`` of the collection, so after an action the
/// parent visits only the stores of elements that changed, whatever the collection's size.
final class ElementSource<ParentState, ParentAction, Storage: ElementStorage, Action>: ScopeSource {
  typealias State = Storage.ScopedValue
  typealias Group = ElementScopeGroup<ParentState, ParentAction, Storage>
  typealias ID = Storage.ID

  /// Kept so that the parent lives as long as its children, as for every scoped store.
  let parent: Store<ParentState, ParentAction>
  let group: Group
  let id: ID
  let embed: (ID, Action) -> ParentAction

  init(group: Group, id: ID, embed: @escaping (ID, Action) -> ParentAction) {
    self.parent = group.parent
    self.group = group
    self.id = id
    self.embed = embed
  }

  static var canVanish: Bool { true }
  var isRowScope: Bool { false }
  var parentVersion: UInt64 { parent.machine.version }
  func refreshParent() { parent.refreshIfNeeded() }

  func read(into current: inout State) -> ScopeRead {
    group.read(id: id, into: &current)
  }

  func forward(_ action: Action) -> StoreTask { parent.send(embed(id, action)) }
  var forwarding: ((Action) -> StoreTask)? { nil }
  func attach(_ child: Store<State, Action>) { group.attach(child, id: id) }
  func detach(_ child: Store<State, Action>) { group.detach(child, id: id) }
  func observersChanged(_ child: Store<State, Action>) { group.holdAgain(child, id: id) }
  var path: String { "\(group.displayPath)[id: \(id)]" }
  var origin: String { scopeOrigin(parent: parent, path: path) }

  /// `nil`: a store scoped from an element goes through it, so that its sends are checked
  /// against the element's presence.
  func composing<Child: Equatable, ChildAction>(
    _ keyPath: KeyPath<State, Child>, send: @escaping (ChildAction) -> StoreTask,
    replace: @escaping StateReplacement<Child>
  ) -> (any ScopeSource<Child, ChildAction>)? { nil }

  func composing<Child: Equatable, ChildAction>(
    _ keyPath: KeyPath<State, Child?>, send: @escaping (ChildAction) -> StoreTask,
    read: @escaping OptionalStateRead<State, Child>
  ) -> (any ScopeSource<Child, ChildAction>)? { nil }
}
