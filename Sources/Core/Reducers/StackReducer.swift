extension Reducer {
  /// Runs the reducer of each screen of a navigation stack on the screen an action names,
  /// before this reducer, and pushes and pops screens.
  ///
  /// ```swift
  /// struct State: Equatable {
  ///   var path = StackState<Path.State>()
  /// }
  /// enum Action {
  ///   case path(StackAction<Path.State, Path.Action>)
  ///   case orderTapped(Order.ID)
  /// }
  ///
  /// var body: some Reducer<State, Action> {
  ///   Reduce { state, action in
  ///     switch action {
  ///     case let .orderTapped(id):
  ///       state.path.append(.detail(OrderDetail.State(orderID: id)))
  ///       return .none
  ///     case .path:
  ///       return .none
  ///     }
  ///   }
  ///   .forEach(\.path, action: Action.path) { Path() }
  /// }
  /// ```
  ///
  /// - `.element(id:action:)` runs the screen's reducer on the screen with that id, then this
  ///   reducer; the screen's effects are mapped back with `action` and cancelled when the
  ///   screen is popped.
  /// - `.popFrom(id:)` runs this reducer, then pops that screen and the screens above it. A
  ///   screen's `await dismiss()` (see ``DismissEffect``) sends it with the screen's id.
  /// - `.push(id:state:)` runs this reducer, then pushes the state with that id.
  /// - Whenever a screen leaves the stack, however it was removed, the effects it started are
  ///   cancelled.
  /// - An action for an id that is not in the stack (or a push with an id in use) is dropped
  ///   and reported as a runtime issue.
  ///
  /// > Note: Coming from TCA, write `.forEach(\.path, action: Action.path)` for
  /// > `.forEach(\.path, action: \.path)`, with `case path(StackAction<Path.State,
  /// > Path.Action>)`; a `@Reducer enum Path` is a reducer you write over an enum `State`.
  ///
  /// - Parameters:
  ///   - state: The key path to the stack.
  ///   - action: The enum case constructor that embeds a stack action.
  ///   - destination: Builds the reducer of a screen (usually an enum of the screen features).
  ///   - fileID: Where the operator is used, for runtime issues.
  ///   - filePath: Where the operator is used.
  ///   - line: Where the operator is used.
  ///   - column: Where the operator is used.
  /// - Returns: A reducer that runs both.
  /// - Complexity: Per action, O(log₃₂ n) for the screen it names, plus O(log₃₂ n) per screen
  ///   pushed or popped.
  @inlinable
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ state: WritableKeyPath<State, StackState<DestinationState>>,
    action: @escaping @Sendable (StackAction<DestinationState, DestinationAction>) -> Action,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    StackReducer(
      parent: reduceFunction(), element: destination().reduceFunction(), toStack: state,
      toStackAction: ChildRoute(action), fromStackAction: action,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    ).specialized
  }
}

/// The reducer behind ``Reducer/forEach(_:action:destination:fileID:filePath:line:column:)``.
///
/// Its `reduce` is inlinable and the operators wrap it in a ``Reduce`` closure built where the
/// feature's types are known, so that an action to a screen runs specialized; pushes, pops,
/// effects and misuse take ordinary functions.
///
/// Once a screen's reducer has returned an effect (``mountFlag``), each pass through the parent
/// ends with the store cancelling the work of every screen of this stack that is no longer in
/// it, whoever removed it: another reducer, or an undo that restored an older value. The
/// store's effect registry, not the state, records which screens have work running.
@usableFromInline
struct StackReducer<State, Action, ElementState, ElementAction>: Reducer {
  @usableFromInline
  let parent: (inout State, Action) -> Effect<Action>
  @usableFromInline
  let element: (inout ElementState, ElementAction) -> Effect<ElementAction>
  /// The stack's key path, and the accesses through it.
  @usableFromInline
  let stack: KeyPathAccess<State, StackState<ElementState>>
  @usableFromInline
  let toStackAction: ChildRoute<Action, StackAction<ElementState, ElementAction>>
  @usableFromInline
  let fromStackAction: @Sendable (StackAction<ElementState, ElementAction>) -> Action
  @usableFromInline
  let location: SourceLocation
  @usableFromInline
  let mountFlag = MountFlag()
  /// The last request to end the screens gone, by the ids it kept.
  @usableFromInline
  let endings = EndingCache<StackStorage<ElementState>.IDs, Action>()

  /// Always inlined, like ``KeyPathAccess/init(_:)``: where the operator is given a key-path
  /// literal to a computed stack, the stack is then accessed through its own accessors.
  @inlinable @inline(__always)
  init(
    parent: @escaping (inout State, Action) -> Effect<Action>,
    element: @escaping (inout ElementState, ElementAction) -> Effect<ElementAction>,
    toStack: WritableKeyPath<State, StackState<ElementState>>,
    toStackAction: ChildRoute<Action, StackAction<ElementState, ElementAction>>,
    fromStackAction: @escaping @Sendable (StackAction<ElementState, ElementAction>) -> Action,
    location: SourceLocation
  ) {
    self.parent = parent
    self.element = element
    self.stack = KeyPathAccess(toStack)
    self.toStackAction = toStackAction
    self.fromStackAction = fromStackAction
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
    toStackAction.withChild(of: action) {
      reduce($0, &state, action)
    } otherwise: {
      endScreensGone(after: parent(&state, action), in: &state)
    }
  }

  /// Reduces `action`, which carries `stackAction`.
  @inlinable
  func reduce(
    _ stackAction: StackAction<ElementState, ElementAction>, _ state: inout State,
    _ action: Action
  ) -> Effect<Action> {
    guard case let .element(id, elementAction) = stackAction else {
      return reduceEdit(stackAction, &state, action)
    }
    var effect = Effect<ElementAction>.none
    let element = element
    guard
      stack.modify(
        &state, { $0.components.updateElement(id: id) { effect = element(&$0, elementAction) } })
    else {
      // Most often sent by the work of a screen that left the stack without this reducer
      // seeing it go: that work ends now, and sends nothing more.
      report("'\(elementAction)' for screen '\(id)', which is not in the stack", in: &state)
      return endScreensGone(after: .none, in: &state)
    }
    let lifted = effect.isNone ? Effect<Action>.none : mount(effect, id: id, in: &state)
    let parentEffect = endScreensGone(after: parent(&state, action), in: &state)
    return lifted.isNone ? parentEffect : .merged(lifted, parentEffect)
  }

  /// A push or a pop: runs the parent, then edits the stack.
  @usableFromInline
  func reduceEdit(
    _ stackAction: StackAction<ElementState, ElementAction>, _ state: inout State,
    _ action: Action
  ) -> Effect<Action> {
    switch stackAction {
    case .element:
      preconditionFailure("an action to a screen is not an edit")
    case let .popFrom(id):
      guard stack.read(&state, { $0.components.contains(id: id) }) else {
        report("'.popFrom(id: \(id))', but no screen has that id", in: &state)
        return .none
      }
      let parentEffect = parent(&state, action)
      stack.modify(&state) { _ = $0.pop(from: id) }
      return endScreensGone(after: parentEffect, in: &state)
    case let .push(id, element):
      guard !stack.read(&state, { $0.components.contains(id: id) }) else {
        report("'.push(id: \(id), ...)', but a screen already has that id", in: &state)
        return .none
      }
      // No id follows the last one: the counter could not move past it.
      guard id.generation < Int.max else {
        report(
          "a '.push(id: \(id), ...)' action with the last id there is", in: &state,
          fix: """
            no id can follow it, so no screen could be pushed after it: push with an id the \
            stack gave (from its 'ids'), or with 'append(_:)' in the reducer.
            """)
        return .none
      }
      // Under a test store, an id the store's counter has not reached yet was made up by the
      // test, and would not match the ids the reducer gives.
      let ids = DependencyValues.current
      if ids.context == .test, id.generation > ids.stackElementIDs.peek {
        report(
          "a '.push(id: \(id), ...)' action with an unexpected generational id", in: &state,
          fix: """
            the next id this test store gives is #\(ids.stackElementIDs.peek): push with an id \
            the stack gave (from its 'ids'), or with 'append(_:)' in the reducer.
            """)
        return .none
      }
      let parentEffect = parent(&state, action)
      stack.modify(&state) { $0[id: id] = element }
      return endScreensGone(after: parentEffect, in: &state)
    }
  }

  /// `effect`, returned by the screen `id`, mapped to the parent's actions and run under the
  /// screen's identity; notes that this reducer's screens may now have work to end.
  @usableFromInline
  func mount(_ effect: Effect<ElementAction>, id: StackElementID, in state: inout State)
    -> Effect<Action>
  {
    mountFlag.raise()
    let fromStackAction = fromStackAction
    let path = stack.path(in: &state)
    let locator = ChildLocator.at(path) { stack, component in
      guard case let .screen(_, id) = component else { return nil }
      return stack[id: id]
    }
    return effect.lift(
      { fromStackAction(.element(id: id, action: $0)) }, into: .screen(KeyPathID(path), id),
      locator: locator
    )
    .dismissing { fromStackAction(.popFrom(id: id)) }
  }

  /// `parentEffect`, then, once a screen of this reducer has had effects, the cancellation of
  /// the work of every screen no longer in the stack, whoever removed it (the parent, another
  /// reducer, an undo).
  ///
  /// `state` is `inout` though only read: passed borrowed, the caller's `inout` state would be
  /// copied first, on every action.
  @inlinable
  func endScreensGone(after parentEffect: Effect<Action>, in state: inout State) -> Effect<Action> {
    guard mountFlag.isRaised else { return parentEffect }
    return endScreens(goneFrom: &state, after: parentEffect)
  }

  @usableFromInline
  func endScreens(goneFrom state: inout State, after parentEffect: Effect<Action>) -> Effect<Action>
  {
    let ids = stack.read(&state) { $0.components.idSnapshot }
    let ending = endings.effect(keeping: ids) {
      .screens(at: KeyPathID(stack.path(in: &state)), notIn: $0)
    }
    return .merged(parentEffect, ending)
  }

  @usableFromInline
  func report(
    _ what: String, in state: inout State,
    fix: String = """
    stop sending actions to a screen once it is popped: its effects are cancelled then, so \
    look for a view, or a 'send' that escaped an effect, still talking to it.
    """
  ) {
    IssueReporting.report(
      """
      A 'forEach' at '\(stack.path(in: &state))' received \(what). The action was dropped.

      To fix, \(fix)
      """,
      at: location)
  }
}
