extension Reducer {
  /// Runs a child reducer on optional child state while it is non-`nil`, before this reducer.
  ///
  /// ```swift
  /// Reduce { state, action in ... }
  ///   .ifLet(\.editor, action: Action.editor) { EditorFeature() }
  /// ```
  ///
  /// When this reducer sets the child state to `nil`, the child's running effects are
  /// cancelled. A child action that arrives while the state is `nil` is ignored and reported
  /// as a runtime issue.
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
      toChildAction: ActionExtractor(embed: action), fromChildAction: action)
  }
}

struct IfLetReducer<State, Action, ChildState, ChildAction>: Reducer {
  let parent: any Reducer<State, Action>
  let child: any Reducer<ChildState, ChildAction>
  let toChildState: WritableKeyPath<State, ChildState?>
  let toChildAction: ActionExtractor<Action, ChildAction>
  let fromChildAction: @Sendable (ChildAction) -> Action

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    var childEffect = Effect<Action>.none
    if let childAction = toChildAction.extract(action) {
      if state[keyPath: toChildState] != nil {
        let effect = child.reduce(into: &state[keyPath: toChildState]!, action: childAction)
        if !effect.isNone {
          childEffect = effect.map(fromChildAction).cancellable(id: cancelID)
        }
      } else {
        IssueReporting.report(
          """
          An 'ifLet' at '\(toChildState)' received the child action '\(childAction)' while its \
          state was nil. The action was ignored.

          To fix, make sure the child's effects end when its state becomes nil, and that no \
          view sends to a dismissed child.
          """)
      }
    }
    let wasPresent = state[keyPath: toChildState] != nil
    let parentEffect = parent.reduce(into: &state, action: action)
    let isDismissed = wasPresent && state[keyPath: toChildState] == nil
    return .merged(.merged(childEffect, parentEffect), isDismissed ? .cancel(id: cancelID) : .none)
  }

  private var cancelID: KeyPathID { KeyPathID(keyPath: toChildState) }
}
