extension Reducer {
  /// Runs a child reducer on optional child state while it is non-`nil`, before this reducer.
  ///
  /// ```swift
  /// Reduce { state, action in
  ///   ...
  /// }
  /// .ifLet(\.editor, action: Action.editor) { EditorFeature() }
  /// ```
  ///
  /// Each presentation of the child is its own instance: its cancellation ids are local to it,
  /// and when the child state becomes `nil`, or an `Identifiable` child is replaced by one of
  /// another `id`, the child's running effects are cancelled: at once when this reducer did
  /// it; when the next action goes through this one when another reducer did (within the same
  /// send when an undo did). A child action that arrives while the state is `nil` is ignored
  /// and reported as a runtime issue.
  ///
  /// > Note: Coming from TCA, pass the action's enum case constructor where TCA takes a case
  /// > key path: `.ifLet(\.child, action: Action.child)` for `.ifLet(\.child, action:
  /// > \.child)`. For a sheet or an alert, TCA's `@Presents var destination` is
  /// > `@PresentationState var destination`, and `.ifLet(\.$destination, action:
  /// > Action.destination)` takes its projected value as in TCA.
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
      identify: IDReading())
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
  /// The child's `id`, when it is `Identifiable`: part of its identity.
  var identify: (any ChildIDReading<ChildState>)? = nil
  /// Raised once the child returns an effect: from then on, each pass ends with the store
  /// ending the work of the children no longer presented.
  let mountFlag = MountFlag()
  /// The last request to end the children no longer presented, by the identity it kept.
  let endings = EndingCache<ChildIdentity?, Action>()

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    var childEffect = Effect<Action>.none
    if let childAction = toChildAction.extract(action) {
      if state[keyPath: toChildState] != nil {
        let effect = child.reduce(into: &state[keyPath: toChildState]!, action: childAction)
        // Read after the child ran: if it changed its own `id`, its effects belong to the new
        // identity (and the old one's end with the pass).
        if !effect.isNone, let identity = identity(in: state) {
          mountFlag.raise()
          childEffect = effect.lift(
            fromChildAction, into: .presented(keyPath, identity), locator: locator)
        }
        // A dialog (`AlertState`, `ConfirmationDialogState`) closes after one of its buttons'
        // actions, before the parent reduces it, as in TCA: a parent that presents a dialog
        // again (the same one or another) leaves it up.
        if ChildState.self is any EphemeralState.Type { state[keyPath: toChildState] = nil }
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
    let parentEffect = parent.reduce(into: &state, action: action)
    guard mountFlag.isRaised else { return .merged(childEffect, parentEffect) }
    // Dismissed, or replaced by a child of another identity: the old instance's work ends.
    let ending = endings.effect(keeping: identity(in: state)) { [keyPath] in
      .presented(at: keyPath, otherThan: $0)
    }
    return .merge([childEffect, parentEffect, ending])
  }

  private var keyPath: KeyPathID { KeyPathID(toChildState) }

  /// Finds the presented child with the component's identity in the parent's state.
  private var locator: ChildLocator {
    let identify = identify
    return .at(toChildState) { child, component in
      guard let child, case let .presented(_, identity) = component,
        identity.id == identify?.id(of: child)
      else { return nil }
      return child
    }
  }

  /// The presented child's identity (its `id`, if it has one); `nil` when the state is `nil`.
  private func identity(in state: State) -> ChildIdentity? {
    guard let child = state[keyPath: toChildState] else { return nil }
    return ChildIdentity(tag: nil, id: identify?.id(of: child))
  }
}
