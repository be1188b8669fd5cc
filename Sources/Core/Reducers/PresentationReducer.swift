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
  /// > Note: Coming from TCA, `@Presents` is ``PresentationState`` (`@PresentationState var
  /// > destination`), and the action is the enum case constructor, `Action.destination`, where
  /// > TCA takes the case key path `\.destination`. A `@Reducer enum Destination` is a reducer
  /// > you write over an enum `State`, with a `Scope(state: State.edit, action: Action.edit)`
  /// > per case.
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
  /// > Note: Coming from TCA, dialogs take strings, not `TextState` closures: write
  /// > `AlertState(title: "Delete?", buttons: [ButtonState(role: .destructive, action:
  /// > .confirmDeletion, label: "Delete")])` for `AlertState { TextState("Delete?") } actions:
  /// > { ... }`.
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
  let identifier = ChildIdentifier<DestinationState>()
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

  /// Cancels the effects of the child this reducer mounted, `mounted`, when another reducer
  /// dismissed it (or presented another one) before this pass: `presented` is what the pass
  /// found.
  private func endRemovedChild(
    _ mounted: ChildIdentity, presented: PresentationState<DestinationState>,
    in state: inout State
  ) -> Effect<Action> {
    if let child = presented.wrappedValue, identifier.identity(of: child) == mounted {
      return .none
    }
    state[keyPath: toPresentationState].mounted = nil
    return .cancelChild(component(mounted))
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
      let closing: Closing =
        identifier.closesDialog(presented, on: childAction) ? .ifUntouched : .never
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
    // A child with running effects that another reducer removed before this pass.
    let ended = presented.mounted.map {
      endRemovedChild($0.value, presented: presented, in: &state)
    }
    let parentEffect = parent.reduce(into: &state, action: action)
    guard let ended, !ended.isNone else {
      return reduceParent(state: &state, presented: presented, parentEffect, closing: closing)
    }
    return .merged(
      ended, reduceParent(state: &state, presented: presented, parentEffect, closing: closing))
  }

  /// The rest of `reduceParent(_:_:closing:)`, once the parent ran.
  private func reduceParent(
    state: inout State, presented: PresentationState<DestinationState>,
    _ parentEffect: Effect<Action>, closing: Closing
  ) -> Effect<Action> {
    // Decided on the box alone when nothing changed, the usual case: an `Optional` of the
    // child state costs a metadata look-up in unspecialized code.
    guard presented.isPresented else { return parentEffect }
    let isUntouched = state[keyPath: toPresentationState].isIdentical(to: presented)
    if case .never = closing, isUntouched { return parentEffect }
    guard let before = presented.wrappedValue.map(identifier.identity(of:)) else {
      return parentEffect
    }
    switch closing {
    case .never:
      break
    case .ifUntouched:
      if isUntouched { state[keyPath: toPresentationState].wrappedValue = nil }
    case .ifStillPresented:
      if let after = state[keyPath: toPresentationState].wrappedValue,
        identifier.identity(of: after) == before
      {
        state[keyPath: toPresentationState].wrappedValue = nil
      }
    }
    let isDismissed =
      state[keyPath: toPresentationState].wrappedValue.map { identifier.identity(of: $0) != before }
      ?? true
    guard isDismissed else { return parentEffect }
    if state[keyPath: toPresentationState].mounted != nil {
      state[keyPath: toPresentationState].mounted = nil
    }
    return .merge([parentEffect, .cancelChild(component(before))])
  }

  /// Runs the child reducer on the presented state, moved out of the parent while it runs so
  /// that it is mutated in place rather than copied.
  private func reduceChild(
    _ childAction: DestinationAction, in state: inout State
  ) -> Effect<Action> {
    var slot = state[keyPath: toPresentationState]
    state[keyPath: toPresentationState] = PresentationState()
    let before = slot.mounted?.value
    let effect = destination.reduce(into: &slot.wrappedValue!, action: childAction)
    guard !effect.isNone || before != nil else {
      state[keyPath: toPresentationState] = slot
      return .none
    }
    // The child may have changed its own `id`: it is a new child, the old one's work ends.
    let identity = identifier.identity(of: slot.wrappedValue!)
    var ended = Effect<Action>.none
    if let before, before != identity {
      ended = .cancelChild(component(before))
      slot.mounted = nil
    }
    if !effect.isNone && slot.mounted == nil { slot.mounted = MountRecord(identity) }
    state[keyPath: toPresentationState] = slot
    guard !effect.isNone else { return ended }
    let fromPresentationAction = fromPresentationAction
    let lifted = effect.lift({ fromPresentationAction(.presented($0)) }, into: component(identity))
      .dismissing { fromPresentationAction(.dismiss) }
    return .merged(lifted, ended)
  }

  /// The presented child with `identity`, as a child instance.
  private func component(_ identity: ChildIdentity) -> ChildComponent {
    .presented(KeyPathID(toPresentationState), identity)
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
