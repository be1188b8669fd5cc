extension Reducer {
  /// Runs a child reducer on one case of this reducer's enum state while the state is that
  /// case, before this reducer.
  ///
  /// ```swift
  /// enum State: Equatable {
  ///   case loggedIn(HomeFeature.State)
  ///   case loggedOut(LoginFeature.State)
  /// }
  /// ...
  /// Reduce { state, action in
  ///   ...
  /// }
  /// .ifCaseLet(State.loggedIn, action: Action.loggedIn) { HomeFeature() }
  /// .ifCaseLet(State.loggedOut, action: Action.loggedOut) { LoginFeature() }
  /// ```
  ///
  /// When the state moves to another case, the effects the child started are cancelled: at
  /// once when this reducer moved it; when the next action goes through this one when another
  /// reducer did (within the same send when an undo did). A child action that arrives while
  /// the state is another case is dropped and reported as a runtime issue.
  ///
  /// - Parameters:
  ///   - state: The enum case constructor that embeds the child state.
  ///   - action: The enum case constructor that embeds a child action.
  ///   - then: Builds the child reducer.
  ///   - fileID: Where the operator is used, for runtime issues.
  ///   - filePath: Where the operator is used.
  ///   - line: Where the operator is used.
  ///   - column: Where the operator is used.
  /// - Returns: A reducer that runs both.
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer>(
    _ state: @escaping @Sendable (CaseState) -> State,
    action: @escaping @Sendable (CaseAction) -> Action,
    @ReducerBuilder<CaseState, CaseAction> then: () -> Case,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action>
  where CaseState == Case.State, CaseAction == Case.Action {
    IfCaseLetReducer(
      parent: resolved(), child: then().resolved(), toChildState: EnumCase(state),
      toChildAction: ChildRoute(action), fromChildAction: action,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

struct IfCaseLetReducer<State, Action, ChildState, ChildAction>: Reducer {
  let parent: any Reducer<State, Action>
  let child: any Reducer<ChildState, ChildAction>
  let toChildState: EnumCase<State, ChildState>
  let toChildAction: ChildRoute<Action, ChildAction>
  let fromChildAction: @Sendable (ChildAction) -> Action
  let location: SourceLocation
  let identifier = ChildIdentifier<State>()
  /// Raised once the child returns an effect: from then on, each pass ends with the store
  /// ending the work of the cases the state no longer holds.
  let mountFlag = MountFlag()
  /// The last request to end the cases gone, by the identity it kept.
  let endings = EndingCache<ChildIdentity, Action>()

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    var childEffect = Effect<Action>.none
    if let childAction = toChildAction.extract(action) {
      let child = child
      if let effect = toChildState.modify(
        &state, { child.reduce(into: &$0, action: childAction) })
      {
        // Read after the child ran: if it changed its payload's `id`, its effects belong to the
        // new one (and the old one's end with the pass).
        if !effect.isNone {
          mountFlag.raise()
          childEffect = effect.lift(
            fromChildAction, into: .enumCase(enumType, identity(of: state)), locator: locator)
        }
      } else {
        IssueReporting.report(
          """
          An 'ifCaseLet' on '\(State.self)' received '\(childAction)' while the state was \
          another case. The action was dropped.

          To fix, stop sending a feature's actions once the state has moved to another case; \
          its effects are cancelled then, so look for a view, or a 'send' that escaped an \
          effect, still talking to it.
          """,
          at: location)
      }
    }
    let parentEffect = parent.reduce(into: &state, action: action)
    guard mountFlag.isRaised else { return .merged(childEffect, parentEffect) }
    // Another case, or the case's payload with another `id`: the old instance's work ends.
    let ending = endings.effect(keeping: identity(of: state)) { [enumType] in
      .cases(of: enumType, otherThan: $0)
    }
    return .merge([childEffect, parentEffect, ending])
  }

  private var enumType: ObjectIdentifier { ObjectIdentifier(State.self) }

  /// Finds the case with the component's identity in the parent's state.
  private var locator: ChildLocator {
    let (identifier, toChildState) = (identifier, toChildState)
    return ChildLocator { parent, component in
      guard let parent = parent as? State else { return .unknown }
      guard case let .enumCase(_, identity) = component,
        identifier.identity(of: parent) == identity, let child = toChildState.extract(parent)
      else { return .gone }
      return .child(child)
    }
  }

  /// Which case `state` holds, and its payload's `id` when it is `Identifiable`.
  private func identity(of state: State) -> ChildIdentity {
    identifier.identity(of: state)
  }
}
