extension Store {
  /// A store for the presented child of a ``PresentationState``, or `nil` while nothing is
  /// presented.
  ///
  /// The counterpart of ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)-(_,(PresentationAction<DestinationAction>)->Action,_,_,_,_,_)``
  /// for views: pass the same key path and case constructor. Each action sent to the child
  /// store reaches this store as `action(.presented(childAction))`.
  ///
  /// ```swift
  /// if let editorStore = store.scope(state: \.$editor, action: Action.editor) {
  ///   EditorView(store: editorStore)
  /// }
  /// ```
  ///
  /// To scope to one case of an enum destination, give the destination state a computed
  /// optional per case and scope through it:
  /// `store.scope(state: \.destination?.edit, action: { .destination(.presented(.edit($0))) })`.
  ///
  /// When the child is later dismissed, the store keeps its last value, stops notifying its
  /// observers, and drops actions sent to it with a runtime issue.
  ///
  /// - Parameters:
  ///   - state: The key path to the presentation state: `\.$destination`.
  ///   - action: The enum case constructor that embeds a presentation action.
  /// - Returns: The child store, or `nil` while nothing is presented.
  @inlinable
  public func scope<ChildState: Equatable, ChildAction>(
    state: KeyPath<State, PresentationState<ChildState>>,
    action: @escaping (PresentationAction<ChildAction>) -> Action
  ) -> Store<ChildState, ChildAction>? {
    let forwarding = forwarding
    return scope(
      state: state.appending(path: \.wrappedValue), send: { forwarding(action(.presented($0))) },
      read: presentedStateRead(state))
  }

  /// A store for the screen with `id` of a navigation stack, or `nil` when no screen has that
  /// id.
  ///
  /// The counterpart of ``Reducer/forEach(_:action:destination:fileID:filePath:line:column:)-(_,(StackAction<DestinationState,DestinationAction>)->Action,_,_,_,_,_)``
  /// for views: pass the same key path and case constructor. Each action sent to the screen
  /// store reaches this store as `action(.element(id: id, action: screenAction))`.
  ///
  /// ```swift
  /// for id in store.state.path.ids {
  ///   let screenStore = store.scope(state: \.path, id: id, action: Action.path)!
  ///   ...
  /// }
  /// ```
  ///
  /// This store keeps the screen stores of a stack together, keyed by id, and after an action
  /// visits only the stores of the screens that changed, so a stack 1,000 deep costs about what
  /// a stack one deep does. When the screen is popped, the store keeps its last value, stops
  /// notifying its observers, and drops actions sent to it with a runtime issue.
  ///
  /// - Parameters:
  ///   - state: The key path to the stack.
  ///   - id: The screen's id.
  ///   - action: The enum case constructor that embeds a stack action.
  /// - Returns: The screen store, or `nil` when the stack has no screen with `id`.
  @inlinable
  public func scope<ElementState: Equatable, ElementAction>(
    state: KeyPath<State, StackState<ElementState>>,
    id: StackElementID,
    action: @escaping (StackAction<ElementState, ElementAction>) -> Action
  ) -> Store<ElementState, ElementAction>? {
    // The embedding is built here, where the stack action's type is known: built in `Core`'s
    // generic code, it looked that type's metadata up on every action.
    scope(
      state: state, id: id,
      embed: { id, screenAction in action(.element(id: id, action: screenAction)) },
      access: ElementAccess())
  }

  /// The store for the screen with `id`, embedding its actions with `embed`, its group
  /// reading values with `access`.
  @usableFromInline
  func scope<ElementState: Equatable, ElementAction>(
    state: KeyPath<State, StackState<ElementState>>,
    id: StackElementID,
    embed: @escaping (StackElementID, ElementAction) -> Action,
    access: @autoclosure () -> ElementAccess<StackStorage<ElementState>>
  ) -> Store<ElementState, ElementAction>? {
    refreshIfNeeded()
    // Keyed by the stack's key path: the path to its storage is built only with the group.
    let group = elementGroup(
      state, storage: state.appending(path: \.components), access: access())
    guard let initial = group.value(id: id) else { return nil }
    let source = ElementSource(group: group, id: id, embed: embed)
    return Store<ElementState, ElementAction>(
      scopedFrom: source, initialState: initial, depth: depth + 1)
  }
}
