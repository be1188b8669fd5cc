extension Reducer {
  /// Runs a child reducer on optional child state while it is non-`nil`, before this reducer.
  ///
  /// ```swift
  /// Reduce { state, action in ... }
  ///   .ifLet(\.editor, action: Action.editor) { EditorFeature() }
  /// ```
  ///
  /// Each presentation of the child is its own instance: its cancellation ids are local to it,
  /// and when this reducer sets the child state to `nil`, or replaces an `Identifiable` child
  /// with one of another `id`, the child's running effects are cancelled. A child action that
  /// arrives while the state is `nil` is ignored and reported as a runtime issue.
  ///
  /// - Parameters:
  ///   - state: The writable key path to the optional child state.
  ///   - action: The enum case constructor that embeds a child action.
  ///   - wrapped: Builds the child reducer.
  /// - Returns: A reducer that runs both.
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer>(
    _ state: WritableKeyPath<State, WrappedState?>,
    action: @escaping @Sendable (WrappedAction) -> Action,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped
  ) -> some Reducer<State, Action>
  where WrappedState == Wrapped.State, WrappedAction == Wrapped.Action {
    IfLetReducer(
      parent: resolved(), child: wrapped().resolved(), toChildState: state,
      toChildAction: ChildRoute(action), fromChildAction: action)
  }

  /// `ifLet(_:action:then:)` for an `Identifiable` child: a child replaced by one of
  /// another `id` is a new instance, so the old one's effects are cancelled.
  public func ifLet<WrappedState: Identifiable, WrappedAction, Wrapped: Reducer>(
    _ state: WritableKeyPath<State, WrappedState?>,
    action: @escaping @Sendable (WrappedAction) -> Action,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped
  ) -> some Reducer<State, Action>
  where WrappedState == Wrapped.State, WrappedAction == Wrapped.Action, WrappedState.ID: Sendable {
    IfLetReducer(
      parent: resolved(), child: wrapped().resolved(), toChildState: state,
      toChildAction: ChildRoute(action), fromChildAction: action,
      identify: { HashableValue($0.id) })
  }

  /// `ifLet(_:action:then:)` with an explicit `extract`, for action shapes that are not enum
  /// cases (see ``Scope/init(state:action:extract:child:)``).
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer>(
    _ state: WritableKeyPath<State, WrappedState?>,
    action: @escaping @Sendable (WrappedAction) -> Action,
    extract: @escaping @Sendable (Action) -> WrappedAction?,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped
  ) -> some Reducer<State, Action>
  where WrappedState == Wrapped.State, WrappedAction == Wrapped.Action {
    IfLetReducer(
      parent: resolved(), child: wrapped().resolved(), toChildState: state,
      toChildAction: ChildRoute(embed: action, extract: extract), fromChildAction: action)
  }
}

struct IfLetReducer<State, Action, ChildState, ChildAction>: Reducer {
  let parent: any Reducer<State, Action>
  let child: any Reducer<ChildState, ChildAction>
  let toChildState: WritableKeyPath<State, ChildState?>
  let toChildAction: ChildRoute<Action, ChildAction>
  let fromChildAction: @Sendable (ChildAction) -> Action
  /// The child's `id`, when it is `Identifiable`: part of its instance.
  var identify: ((ChildState) -> HashableValue)? = nil

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    var childEffect = Effect<Action>.none
    if let childAction = toChildAction.extract(action) {
      if state[keyPath: toChildState] != nil {
        let instance = instance(in: state)
        let effect = child.reduce(into: &state[keyPath: toChildState]!, action: childAction)
        if !effect.isNone {
          childEffect = effect.lift(fromChildAction, into: instance).cancellable(id: instance)
        }
      } else {
        IssueReporting.report(
          """
          An 'ifLet' received '\(childAction)' for its '\(ChildState.self)' child while the \
          child's state was nil, in a reducer of '\(State.self)'. The action was ignored.

          To fix, make sure the child's effects end when its state becomes nil, and that no \
          view sends to a dismissed child.
          """)
      }
    }
    let before = state[keyPath: toChildState] == nil ? nil : instance(in: state)
    let parentEffect = parent.reduce(into: &state, action: action)
    guard let before else { return .merged(childEffect, parentEffect) }
    let after = state[keyPath: toChildState] == nil ? nil : instance(in: state)
    // Dismissed, or replaced by a child of another identity: the old instance's work ends.
    let ended: Effect<Action> = before == after ? .none : .cancel(id: before)
    return .merged(.merged(childEffect, parentEffect), ended)
  }

  /// The presented child's instance: the key path, and the child's `id` if it has one.
  private func instance(in state: State) -> HashableValue {
    let identity = identify.flatMap { identify in state[keyPath: toChildState].map(identify) }
    return HashableValue(
      PresentedChildID(keyPath: KeyPathID(keyPath: toChildState), identity: identity))
  }
}
