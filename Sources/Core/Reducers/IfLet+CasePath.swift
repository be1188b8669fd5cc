extension Reducer {
  /// ``ifLet(_:action:then:)`` with an explicit case path: routing costs what the `switch` in
  /// `extract` costs, and any action shape works.
  ///
  /// ```swift
  /// .ifLet(
  ///   \.editor,
  ///   action: AnyCasePath(
  ///     embed: { .editor($0) },
  ///     extract: { if case let .editor(action) = $0 { action } else { nil } }
  ///   )
  /// ) {
  ///   EditorFeature()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - state: The writable key path to the optional child state.
  ///   - action: The case path between an action and a child action.
  ///   - wrapped: Builds the child reducer.
  /// - Returns: A reducer that runs both.
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer>(
    _ state: WritableKeyPath<State, WrappedState?>,
    action: AnyCasePath<Action, WrappedAction>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped
  ) -> some Reducer<State, Action>
  where WrappedState == Wrapped.State, WrappedAction == Wrapped.Action {
    IfLetReducer(
      parent: resolved(), child: wrapped().resolved(), toChildState: state,
      toChildAction: ChildRoute(action), fromChildAction: action.embedValue)
  }

  /// ``ifLet(_:action:then:)`` with an explicit case path, for an `Identifiable` child: a
  /// child replaced by one of another `id` is a new instance, so the old one's effects are
  /// cancelled.
  public func ifLet<WrappedState: Identifiable, WrappedAction, Wrapped: Reducer>(
    _ state: WritableKeyPath<State, WrappedState?>,
    action: AnyCasePath<Action, WrappedAction>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped
  ) -> some Reducer<State, Action>
  where WrappedState == Wrapped.State, WrappedAction == Wrapped.Action, WrappedState.ID: Sendable {
    IfLetReducer(
      parent: resolved(), child: wrapped().resolved(), toChildState: state,
      toChildAction: ChildRoute(action), fromChildAction: action.embedValue,
      identify: IDReading())
  }

  /// `ifLet(_:action:extract:then:)` for an `Identifiable` child: a child replaced by one of
  /// another `id` is a new instance, so the old one's effects are cancelled.
  public func ifLet<WrappedState: Identifiable, WrappedAction, Wrapped: Reducer>(
    _ state: WritableKeyPath<State, WrappedState?>,
    action: @escaping @Sendable (WrappedAction) -> Action,
    extract: @escaping @Sendable (Action) -> WrappedAction?,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped
  ) -> some Reducer<State, Action>
  where WrappedState == Wrapped.State, WrappedAction == Wrapped.Action, WrappedState.ID: Sendable {
    ifLet(state, action: AnyCasePath(embed: action, extract: extract), then: wrapped)
  }
}
