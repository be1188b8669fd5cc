extension Scope {
  /// Creates a reducer that runs `child` on one case of an enum state, for actions embedded
  /// with `action`.
  ///
  /// The reducer of an enum of features (the destinations a parent can present, the screens of
  /// a stack) routes each case to its feature:
  ///
  /// ```swift
  /// struct Destination: Reducer {
  ///   enum State: Equatable {
  ///     case edit(EditFeature.State)
  ///     case alert(AlertState<Action.Alert>)
  ///   }
  ///   enum Action {
  ///     case edit(EditFeature.Action)
  ///     case alert(Alert)
  ///     enum Alert { case confirmDeletion }
  ///   }
  ///   var body: some Reducer<State, Action> {
  ///     Scope(state: State.edit, action: Action.edit) { EditFeature() }
  ///   }
  /// }
  /// ```
  ///
  /// The child state is extracted with the case constructor given as `state`, reduced, and
  /// embedded back. A child action that arrives while the state is another case is dropped and
  /// reported as a runtime issue.
  ///
  /// - Parameters:
  ///   - state: The enum case constructor that embeds the child state in the parent state.
  ///   - action: The enum case constructor that embeds a child action in a parent action.
  ///   - child: Builds the child reducer.
  public init<ChildState, ChildAction>(
    state: @escaping @Sendable (ChildState) -> ParentState,
    action: @escaping @Sendable (ChildAction) -> ParentAction,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(toChildCase: EnumCase(state), action: ChildRoute(action), child: child())
  }

  /// A scope to the enum case `toChildCase`, for the actions `action` routes.
  init(
    toChildCase: EnumCase<ParentState, Child.State>,
    action: ChildRoute<ParentAction, Child.Action>, child: Child
  ) {
    self.init(
      toChildState: nil, toChildCase: toChildCase,
      toChildAction: action,
      fromChildAction: action.embed, child: child.reduceFunction(),
      caseLocator: ChildLocator { parent, _ in
        guard let parent = parent as? ParentState else { return .unknown }
        return toChildCase.extract(parent).map(ChildLocator.Found.child) ?? .gone
      })
  }

  /// Reduces `childAction` on the payload of the enum case this scope is for. Inlinable, so
  /// that an action to a child of an enum of destinations runs specialized for its types.
  @inlinable
  func reduceCase(
    _ childAction: Child.Action, in state: inout ParentState
  ) -> Effect<ParentAction> {
    guard let toChildCase else { preconditionFailure("a case scope has 'toChildCase'") }
    let child = child
    guard let effect = toChildCase.modify(&state, { child(&$0, childAction) }) else {
      reportOtherCase(childAction)
      return .none
    }
    return effect.isNone ? .none : liftCase(effect, in: state)
  }

  /// The child's `effect`, run under the identity of the case `state` is in.
  @usableFromInline
  func liftCase(_ effect: Effect<Child.Action>, in state: ParentState) -> Effect<ParentAction> {
    // The case's tag tells two cases with the same payload type apart.
    let tag = EnumMetadata(ParentState.self)?.tag(of: state)
    let instance = ChildComponent.enumCase(
      ObjectIdentifier(ParentState.self), ChildIdentity(tag: tag, id: nil))
    guard let caseLocator else { preconditionFailure("a case scope has 'caseLocator'") }
    return effect.lift(fromChildAction, into: instance, locator: caseLocator)
  }

  @usableFromInline
  func reportOtherCase(_ childAction: Child.Action) {
    IssueReporting.report(
      """
      A 'Scope' to a case of '\(ParentState.self)' received '\(childAction)' while the state \
      was another case. The action was dropped.

      To fix, stop sending a feature's actions once its state has moved to another case: \
      an enum destination is usually replaced or dismissed by its parent, which cancels the \
      feature's effects when it is integrated with 'ifLet' or 'ifCaseLet'.
      """)
  }
}
