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
  @inlinable
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
      parent: reduceFunction(), destination: destination().reduceFunction(),
      toPresentationState: state,
      toPresentationAction: ChildRoute(action), fromPresentationAction: action,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    ).specialized
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
  @inlinable
  public func ifLet<DestinationState, DestinationAction>(
    _ state: WritableKeyPath<State, PresentationState<DestinationState>>,
    action: @escaping @Sendable (PresentationAction<DestinationAction>) -> Action,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action> {
    PresentationReducer(
      parent: reduceFunction(),
      destination: EmptyReducer<DestinationState, DestinationAction>().reduceFunction(),
      toPresentationState: state, toPresentationAction: ChildRoute(action),
      fromPresentationAction: action,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    ).specialized
  }
}

/// The reducer behind ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)``.
///
/// Its `reduce` is inlinable and the operators wrap it in a ``Reduce`` closure built where the
/// feature's types are known, so that it runs specialized: as unspecialized generic code it
/// paid run-time metadata look-ups for the presentation types on every action. The rare paths
/// (dismissal, effects, dialogs, misuse) are ordinary functions.
///
/// Once a child's reducer has returned an effect (``mountFlag``), each pass through the parent
/// ends with the store cancelling the work of every child of this presentation that is no
/// longer presented, or was replaced by another identity, whoever dismissed it: another
/// reducer, or an undo that restored an older value. The store's effect registry, not the
/// state, records which children have work running.
@usableFromInline
struct PresentationReducer<State, Action, DestinationState, DestinationAction>: Reducer {
  @usableFromInline
  let parent: (inout State, Action) -> Effect<Action>
  @usableFromInline
  let destination: (inout DestinationState, DestinationAction) -> Effect<DestinationAction>
  /// The presentation state's key path, and the accesses through it.
  @usableFromInline
  let presentation: KeyPathAccess<State, PresentationState<DestinationState>>
  @usableFromInline
  let toPresentationAction: ChildRoute<Action, PresentationAction<DestinationAction>>
  @usableFromInline
  let fromPresentationAction: @Sendable (PresentationAction<DestinationAction>) -> Action
  @usableFromInline
  let identifier = ChildIdentifier<DestinationState>()
  @usableFromInline
  let mountFlag = MountFlag()
  /// The last request to end the children no longer presented, by the identity it kept.
  @usableFromInline
  let endings = EndingCache<ChildIdentity?, Action>()
  @usableFromInline
  let location: SourceLocation

  /// Always inlined, like ``KeyPathAccess/init(_:)``: where the operator is given a key-path
  /// literal, the presentation state is then accessed through its own accessors.
  @inlinable @inline(__always)
  init(
    parent: @escaping (inout State, Action) -> Effect<Action>,
    destination: @escaping (inout DestinationState, DestinationAction) -> Effect<DestinationAction>,
    toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    toPresentationAction: ChildRoute<Action, PresentationAction<DestinationAction>>,
    fromPresentationAction: @escaping @Sendable (PresentationAction<DestinationAction>) -> Action,
    location: SourceLocation
  ) {
    self.parent = parent
    self.destination = destination
    self.presentation = KeyPathAccess(toPresentationState)
    self.toPresentationAction = toPresentationAction
    self.fromPresentationAction = fromPresentationAction
    self.location = location
  }

  /// This reducer as a ``Reduce`` whose closure is built here, in inlinable code: where the
  /// operator is used, that closure calls a specialization of ``reduce(into:action:)``.
  @inlinable
  var specialized: Reduce<State, Action> {
    Reduce { self.reduce(into: &$0, action: $1) }
  }

  @inlinable
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    toPresentationAction.withChild(of: action) {
      reduce($0, &state, action)
    } otherwise: {
      endChildIfGone(after: parent(&state, action), in: &state)
    }
  }

  /// Reduces `action`, which carries `presentationAction`.
  @inlinable
  func reduce(
    _ presentationAction: PresentationAction<DestinationAction>, _ state: inout State,
    _ action: Action
  ) -> Effect<Action> {
    guard case .presented(let childAction) = presentationAction else {
      return reduceDismiss(&state, action)
    }
    guard var child = presentation.modify(&state, { reduceChild(childAction, in: &$0) }) else {
      // Most often sent by the work of a child that left the state without this reducer
      // seeing it go: that work ends now, and sends nothing more.
      reportAbsent(presentationAction, in: &state)
      return endChildIfGone(after: .none, in: &state)
    }
    if let mounted = child.mounted { child.effect = mount(mounted, in: &state) }
    if let dialog = child.dialog {
      return .merged(child.effect, reduceParent(&state, action, closingDialog: dialog))
    }
    let parentEffect = endChildIfGone(after: parent(&state, action), in: &state)
    return child.effect.isNone ? parentEffect : .merged(child.effect, parentEffect)
  }

  /// What running the presented child's reducer gave.
  @usableFromInline
  struct ChildResult {
    /// The child's effect, mapped to the parent's actions; `.none` until it is mounted.
    @usableFromInline
    var effect: Effect<Action> = .none
    /// The child's effect and identity, when it returned one: ``mount(_:in:)`` maps it to the
    /// parent's actions once the presentation state is no longer being changed.
    @usableFromInline
    var mounted: (effect: Effect<DestinationAction>, identity: ChildIdentity)?
    /// The presentation state after the child ran, when the child is a dialog that closes
    /// after the action, unless the parent changes it.
    @usableFromInline
    var dialog: PresentationState<DestinationState>?

    @inlinable
    init(
      mounted: (effect: Effect<DestinationAction>, identity: ChildIdentity)?,
      dialog: PresentationState<DestinationState>?
    ) {
      self.mounted = mounted
      self.dialog = dialog
    }
  }

  /// Runs the child reducer on the presented state, in place; `nil` when nothing is presented.
  @inlinable
  func reduceChild(
    _ childAction: DestinationAction, in presentation: inout PresentationState<DestinationState>
  ) -> ChildResult? {
    guard presentation.isPresented else { return nil }
    let closesDialog = identifier.mayBeDialog && closesDialog(presentation, on: childAction)
    let effect = destination(&presentation.wrappedValue!, childAction)
    let dialog = closesDialog ? presentation : nil
    guard !effect.isNone else { return ChildResult(mounted: nil, dialog: dialog) }
    let identity = identifier.identity(of: presentation.wrappedValue!)
    return ChildResult(mounted: (effect, identity), dialog: dialog)
  }

  /// Whether `presentation` presents a dialog that closes after `childAction`. Inlinable, so
  /// that reading the presented state does not look up its optional's metadata.
  @inlinable
  func closesDialog(
    _ presentation: PresentationState<DestinationState>, on childAction: DestinationAction
  ) -> Bool {
    guard let presented = presentation.wrappedValue else { return false }
    return identifier.closesDialog(presented, on: childAction)
  }

  /// The effect the presented child returned, mapped to the parent's actions and run under the
  /// child's identity; notes that this reducer's children may now have work to end.
  @usableFromInline
  func mount(
    _ child: (effect: Effect<DestinationAction>, identity: ChildIdentity), in state: inout State
  ) -> Effect<Action> {
    mountFlag.raise()
    let fromPresentationAction = fromPresentationAction
    let identifier = identifier
    let path = presentation.path(in: &state)
    let locator = ChildLocator.at(path) { presentation, component in
      guard let child = presentation.wrappedValue, case let .presented(_, identity) = component,
        identifier.identity(of: child) == identity
      else { return nil }
      return child
    }
    return child.effect.lift(
      { fromPresentationAction(.presented($0)) },
      into: .presented(KeyPathID(path), child.identity), locator: locator
    )
    .dismissing { fromPresentationAction(.dismiss) }
  }

  /// `parentEffect`, then, once a child of this reducer has had effects, the cancellation of
  /// the work of every child of this presentation that is not the one presented now: dismissed
  /// (by the parent, another reducer, an undo), or replaced by another identity.
  ///
  /// `state` is `inout` though only read: passed borrowed, the caller's `inout` state would be
  /// copied first, on every action.
  @inlinable
  func endChildIfGone(after parentEffect: Effect<Action>, in state: inout State) -> Effect<Action> {
    guard mountFlag.isRaised else { return parentEffect }
    return endChildren(otherThanIn: &state, after: parentEffect)
  }

  @inlinable
  func endChildren(otherThanIn state: inout State, after parentEffect: Effect<Action>)
    -> Effect<Action>
  {
    let presented = presentation.read(&state) { $0.wrappedValue.map(identifier.identity(of:)) }
    let ending = endings.effect(keeping: presented) {
      .presented(at: KeyPathID(presentation.path(in: &state)), otherThan: $0)
    }
    return .merged(parentEffect, ending)
  }

  /// `.dismiss`: runs the parent with the child still presented, then dismisses it unless the
  /// parent dismissed it or presented another one. Inlinable, so that it runs specialized:
  /// generic, its key-path reads and optional tests look up metadata at run time.
  @inlinable
  func reduceDismiss(_ state: inout State, _ action: Action) -> Effect<Action> {
    guard let before = presentation.read(&state, { $0.wrappedValue.map(identifier.identity(of:)) })
    else {
      reportAbsent(.dismiss, in: &state)
      return endChildIfGone(after: .none, in: &state)
    }
    let parentEffect = parent(&state, action)
    presentation.modify(&state) { presentation in
      if let after = presentation.wrappedValue, identifier.identity(of: after) == before {
        presentation.wrappedValue = nil
      }
    }
    return endChildIfGone(after: parentEffect, in: &state)
  }

  /// After a dialog's action: runs the parent, then closes the dialog unless the parent
  /// changed it in any way (`dialog` is the presentation state before the parent ran).
  @usableFromInline
  func reduceParent(
    _ state: inout State, _ action: Action,
    closingDialog dialog: PresentationState<DestinationState>
  ) -> Effect<Action> {
    let parentEffect = parent(&state, action)
    presentation.modify(&state) { presentation in
      if presentation.isIdentical(to: dialog) { presentation.wrappedValue = nil }
    }
    return endChildIfGone(after: parentEffect, in: &state)
  }

  @usableFromInline
  func reportAbsent(_ action: PresentationAction<DestinationAction>, in state: inout State) {
    IssueReporting.report(
      """
      An 'ifLet' at '\(presentation.path(in: &state))' received '\(action)' while nothing was presented. \
      The action was dropped.

      To fix, stop sending actions to a child once it is dismissed: its effects are cancelled \
      then, so look for a view, or a 'send' that escaped an effect, still talking to it.
      """,
      at: location)
  }
}
