extension Reducer {
  /// Runs a presented child feature while its ``PresentationState`` holds one, before this
  /// reducer, and ends it when it is dismissed.
  ///
  /// ```swift
  /// struct State: Equatable {
  ///   @PresentationState var destination: Destination.State?
  /// }
  /// enum Action {
  ///   case destination(PresentationAction<Destination.Action>)
  ///   case editButtonTapped
  /// }
  ///
  /// var body: some Reducer<State, Action> {
  ///   Reduce { state, action in
  ///     switch action {
  ///     case .editButtonTapped:
  ///       state.destination = .edit(EditFeature.State())
  ///       return .none
  ///     case .destination:
  ///       return .none
  ///     }
  ///   }
  ///   .ifLet(\.$destination, action: Action.destination) { Destination() }
  /// }
  /// ```
  ///
  /// - `.presented(childAction)` runs the child reducer, then this reducer; the child's effects
  ///   are mapped back with `action` and cancelled when the child is dismissed.
  /// - `.dismiss` runs this reducer with the child still presented, then sets it to `nil`.
  ///   A child's `await dismiss()` (see ``DismissEffect``) sends `.dismiss`.
  /// - Dismissal, whether by `.dismiss` or by this reducer setting the state to `nil` or to
  ///   another destination (another enum case, or another `id` when the state or the case's
  ///   payload is `Identifiable`), cancels exactly the effects the dismissed child started.
  /// - A `.presented` or `.dismiss` action that arrives while nothing is presented is dropped
  ///   and reported as a runtime issue.
  ///
  /// - Parameters:
  ///   - state: The key path to the presentation state: `\.$destination`.
  ///   - action: The enum case constructor that embeds a presentation action.
  ///   - destination: Builds the child reducer.
  ///   - fileID: Where the operator is used, for runtime issues.
  ///   - filePath: Where the operator is used.
  ///   - line: Where the operator is used.
  ///   - column: Where the operator is used.
  /// - Returns: A reducer that runs both.
  public func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
    _ state: WritableKeyPath<State, PresentationState<DestinationState>>,
    action: @escaping @Sendable (PresentationAction<DestinationAction>) -> Action,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    PresentationReducer(
      parent: resolved(), destination: destination().resolved(), toPresentationState: state,
      toPresentationAction: ChildRoute(action), fromPresentationAction: action,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Presents dialogs (``AlertState``, ``ConfirmationDialogState``) in a
  /// ``PresentationState`` that has no reducer of its own.
  ///
  /// ```swift
  /// Reduce { state, action in
  ///   switch action {
  ///   case .alert(.presented(.confirmDeletion)):
  ///     state.orders.remove(id: state.pendingDeletion)
  ///     return .none
  ///   ...
  /// }
  /// .ifLet(\.$alert, action: Action.alert)
  /// ```
  ///
  /// This reducer handles the buttons' actions (`.presented(...)`); after it did, the dialog
  /// is set to `nil`, as it is after `.dismiss`.
  ///
  /// - Parameters:
  ///   - state: The key path to the presentation state: `\.$alert`.
  ///   - action: The enum case constructor that embeds a presentation action.
  ///   - fileID: Where the operator is used, for runtime issues.
  ///   - filePath: Where the operator is used.
  ///   - line: Where the operator is used.
  ///   - column: Where the operator is used.
  /// - Returns: A reducer that runs this one and closes the dialog.
  public func ifLet<DestinationState, DestinationAction>(
    _ state: WritableKeyPath<State, PresentationState<DestinationState>>,
    action: @escaping @Sendable (PresentationAction<DestinationAction>) -> Action,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action> {
    PresentationReducer(
      parent: resolved(), destination: EmptyReducer<DestinationState, DestinationAction>(),
      toPresentationState: state, toPresentationAction: ChildRoute(action),
      fromPresentationAction: action,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

struct PresentationReducer<State, Action, DestinationState, DestinationAction>: Reducer {
  let parent: any Reducer<State, Action>
  let destination: any Reducer<DestinationState, DestinationAction>
  let toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>
  let toPresentationAction: ChildRoute<Action, PresentationAction<DestinationAction>>
  let fromPresentationAction: @Sendable (PresentationAction<DestinationAction>) -> Action
  let identity = PresentationIdentity<DestinationState>()
  let location: SourceLocation

  /// When the presented child closes after the parent reduced an action.
  private enum Closing {
    /// Only when the parent dismissed it.
    case never
    /// After `.dismiss`: unless the parent dismissed it or presented another one.
    case ifStillPresented
    /// After a dialog's action: unless the parent changed it in any way.
    case ifUntouched
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if case .otherCase = toPresentationAction.match(action) {
      return reduceParent(&state, action, closing: .never)
    }
    return reducePresentationAction(&state, action)
  }

  private func reducePresentationAction(
    _ state: inout State, _ action: Action
  ) -> Effect<Action> {
    guard let presentationAction = toPresentationAction.extract(action) else {
      return reduceParent(&state, action, closing: .never)
    }
    guard let presented = state[keyPath: toPresentationState].wrappedValue else {
      reportAbsent(presentationAction)
      return .none
    }
    switch presentationAction {
    case let .presented(childAction):
      let childEffect = reduceChild(childAction, in: &state)
      let closing: Closing = identity.isEphemeral(presented) ? .ifUntouched : .never
      return .merged(childEffect, reduceParent(&state, action, closing: closing))
    case .dismiss:
      return reduceParent(&state, action, closing: .ifStillPresented)
    }
  }

  /// Runs the parent reducer, closes the child as `closing` says, and cancels the child's
  /// effects if it is no longer presented.
  private func reduceParent(
    _ state: inout State, _ action: Action, closing: Closing
  ) -> Effect<Action> {
    let presented = state[keyPath: toPresentationState]
    let parentEffect = parent.reduce(into: &state, action: action)
    // Decided on the box alone when nothing changed, the usual case: an `Optional` of the
    // child state costs a metadata look-up in unspecialized code.
    guard presented.isPresented else { return parentEffect }
    let isUntouched = state[keyPath: toPresentationState].isIdentical(to: presented)
    if case .never = closing, isUntouched { return parentEffect }
    guard let before = presented.wrappedValue else { return parentEffect }
    switch closing {
    case .never:
      break
    case .ifUntouched:
      if isUntouched { state[keyPath: toPresentationState].wrappedValue = nil }
    case .ifStillPresented:
      if let after = state[keyPath: toPresentationState].wrappedValue,
        identity.isSame(before, after)
      {
        state[keyPath: toPresentationState].wrappedValue = nil
      }
    }
    let isDismissed =
      state[keyPath: toPresentationState].wrappedValue.map { !identity.isSame(before, $0) }
      ?? true
    guard isDismissed else { return parentEffect }
    return .merge([parentEffect, .cancel(id: cancelID)])
  }

  /// Runs the child reducer on the presented state, moved out of the parent while it runs so
  /// that it is mutated in place rather than copied.
  private func reduceChild(
    _ childAction: DestinationAction, in state: inout State
  ) -> Effect<Action> {
    var slot = state[keyPath: toPresentationState]
    state[keyPath: toPresentationState] = PresentationState()
    let effect = destination.reduce(into: &slot.wrappedValue!, action: childAction)
    state[keyPath: toPresentationState] = slot
    guard !effect.isNone else { return .none }
    let fromPresentationAction = fromPresentationAction
    return effect.lift({ fromPresentationAction(.presented($0)) }, into: HashableValue(cancelID))
      .dismissing { fromPresentationAction(.dismiss) }
      .cancellable(id: cancelID)
  }

  private var cancelID: PresentationCancelID {
    PresentationCancelID(keyPath: KeyPathID(keyPath: toPresentationState))
  }

  private func reportAbsent(_ action: PresentationAction<DestinationAction>) {
    IssueReporting.report(
      """
      An 'ifLet' at '\(toPresentationState)' received '\(action)' while nothing was presented. \
      The action was dropped.

      To fix, stop sending actions to a child once it is dismissed: its effects are cancelled \
      then, so look for a view, or a 'send' that escaped an effect, still talking to it.
      """,
      at: location)
  }
}

/// The id under which a presented child's effects run.
struct PresentationCancelID: Hashable, Sendable {
  let keyPath: KeyPathID
}
