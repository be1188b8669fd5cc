extension Store {
  /// A store for part of this store's state, with an explicit case path:
  /// each action sent to the child is embedded with `action.embed(_:)`.
  ///
  /// - Parameters:
  ///   - state: The key path from this store's state to the child's.
  ///   - action: The case path between this store's action and the child's.
  /// - Returns: The child store.
  public func scope<ChildState: Equatable, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: AnyCasePath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    scope(state: state, action: action.embedValue)
  }

  /// A store for optional child state, or `nil` while the state is `nil`, with an explicit
  /// case path.
  ///
  /// - Parameters:
  ///   - state: The key path to the optional child state.
  ///   - action: The case path between this store's action and the child's.
  /// - Returns: The child store, or `nil` while the state is `nil`.
  public func scope<ChildState: Equatable, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: AnyCasePath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    scope(state: state, action: action.embedValue)
  }

  /// A store for the element with `id` of an identified array, with an explicit case path to
  /// the element id and action.
  ///
  /// - Parameters:
  ///   - state: The key path to the identified array.
  ///   - id: The element's id.
  ///   - action: The case path between this store's action and an element id with an element
  ///     action.
  /// - Returns: The element store, or `nil` when the array has no element with `id`.
  public func scope<ElementState: Identifiable & Equatable, ElementAction>(
    state: KeyPath<State, IdentifiedArray<ElementState>>,
    id: ElementState.ID,
    action: AnyCasePath<Action, (ElementState.ID, ElementAction)>
  ) -> Store<ElementState, ElementAction>? {
    let embed = action.embedValue
    return scope(state: state, id: id, action: { embed(($0, $1)) })
  }

  /// A store for the presented child of a ``PresentationState``, with an explicit case path
  /// to the presentation action.
  ///
  /// - Parameters:
  ///   - state: The key path to the presentation state: `\.$destination`.
  ///   - action: The case path between this store's action and a presentation action.
  /// - Returns: The child store, or `nil` while nothing is presented.
  public func scope<ChildState: Equatable, ChildAction>(
    state: KeyPath<State, PresentationState<ChildState>>,
    action: AnyCasePath<Action, PresentationAction<ChildAction>>
  ) -> Store<ChildState, ChildAction>? {
    scope(state: state, action: action.embedValue)
  }

  /// A store for the screen with `id` of a navigation stack, with an explicit case path to
  /// the stack action.
  ///
  /// - Parameters:
  ///   - state: The key path to the stack.
  ///   - id: The screen's id.
  ///   - action: The case path between this store's action and a stack action.
  /// - Returns: The screen store, or `nil` when the stack has no screen with `id`.
  public func scope<ElementState: Equatable, ElementAction>(
    state: KeyPath<State, StackState<ElementState>>,
    id: StackElementID,
    action: AnyCasePath<Action, StackAction<ElementState, ElementAction>>
  ) -> Store<ElementState, ElementAction>? {
    scope(state: state, id: id, action: action.embedValue)
  }
}
