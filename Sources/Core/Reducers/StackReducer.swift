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
/// A screen is *mounted* once its reducer returned an effect: the stack remembers its id
/// (``StackState/mounted``, outside `==`). After each pass through the parent, the mounted
/// screens no longer in the stack have their effects cancelled, whoever removed them.
@usableFromInline
struct StackReducer<State, Action, ElementState, ElementAction>: Reducer {
  @usableFromInline
  let parent: (inout State, Action) -> Effect<Action>
  @usableFromInline
  let element: (inout ElementState, ElementAction) -> Effect<ElementAction>
  @usableFromInline
  let toStack: WritableKeyPath<State, StackState<ElementState>>
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

  @usableFromInline
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
    self.toStack = toStack
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
      let isMounted = stack.modify(
        &state,
        { stack in
          Self.update(&stack, id: id) { effect = element(&$0, elementAction) }
        })
    else {
      report("'\(elementAction)' for screen '\(id)', which is not in the stack")
      return .none
    }
    guard effect.isNone else {
      let lifted = mount(effect, id: id, in: &state)
      let parentEffect = parent(&state, action)
      return .merged(lifted, endScreensGone(after: parentEffect, in: &state))
    }
    let parentEffect = parent(&state, action)
    // Only this reducer mounts screens: when none is mounted, none can have gone.
    return isMounted ? endScreensGone(after: parentEffect, in: &state) : parentEffect
  }

  /// Runs `body` on the screen `id` of `stack`, in place; returns whether any screen is
  /// mounted, or `nil` when no screen has `id`.
  @inlinable
  static func update(
    _ stack: inout StackState<ElementState>, id: StackElementID,
    _ body: (inout ElementState) -> Void
  ) -> Bool? {
    guard stack.components.updateElement(id: id, body) else { return nil }
    return stack.mounted != nil
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
      guard state[keyPath: toStack].components.contains(id: id) else {
        report("'.popFrom(id: \(id))', but no screen has that id")
        return .none
      }
      let parentEffect = parent(&state, action)
      state[keyPath: toStack].pop(from: id)
      return endScreensGone(after: parentEffect, in: &state)
    case let .push(id, element):
      guard !state[keyPath: toStack].components.contains(id: id) else {
        report("'.push(id: \(id), ...)', but a screen already has that id")
        return .none
      }
      // Under a test store, an id the store's counter has not reached yet was made up by the
      // test, and would not match the ids the reducer gives.
      let ids = DependencyValues.current
      if ids.context == .test, id.generation > ids.stackElementIDs.peek {
        report(
          "a '.push(id: \(id), ...)' action with an unexpected generational id",
          fix: """
            the next id this test store gives is #\(ids.stackElementIDs.peek): push with an id \
            the stack gave (from its 'ids'), or with 'append(_:)' in the reducer.
            """)
        return .none
      }
      let parentEffect = parent(&state, action)
      state[keyPath: toStack][id: id] = element
      return endScreensGone(after: parentEffect, in: &state)
    }
  }

  /// Records that the screen `id` has running effects, and maps `effect` back to the parent
  /// under the screen's identity.
  @usableFromInline
  func mount(
    _ effect: Effect<ElementAction>, id: StackElementID, in state: inout State
  ) -> Effect<Action> {
    let mounted = state[keyPath: toStack].mounted?.value ?? []
    if !mounted.contains(id) {
      mountFlag.raise()
      state[keyPath: toStack].mounted = MountRecord(mounted + [id])
    }
    let fromStackAction = fromStackAction
    return effect.lift({ fromStackAction(.element(id: id, action: $0)) }, into: component(id))
      .dismissing { fromStackAction(.popFrom(id: id)) }
  }

  /// `parentEffect`, with the effects of every mounted screen no longer in the stack
  /// cancelled, whoever removed it (the parent, or another reducer before this pass).
  @inlinable
  func endScreensGone(after parentEffect: Effect<Action>, in state: inout State) -> Effect<Action> {
    guard mountFlag.isRaised, let mounted = stack.read(&state, \.mounted) else {
      return parentEffect
    }
    return endScreens(mounted.value, ifGoneFrom: &state, after: parentEffect)
  }

  @usableFromInline
  func endScreens(
    _ mounted: [StackElementID], ifGoneFrom state: inout State, after parentEffect: Effect<Action>
  ) -> Effect<Action> {
    let components = state[keyPath: toStack].components
    var (remaining, gone): ([StackElementID], [StackElementID]) = ([], [])
    for id in mounted {
      if components.contains(id: id) { remaining.append(id) } else { gone.append(id) }
    }
    guard !gone.isEmpty else { return parentEffect }
    state[keyPath: toStack].mounted = remaining.isEmpty ? nil : MountRecord(remaining)
    return .merge([parentEffect] + gone.map { .cancelChild(component($0)) })
  }

  /// The screen with `id` as a child instance: the stack's key path and the id.
  private func component(_ id: StackElementID) -> ChildComponent {
    .screen(KeyPathID(toStack), id)
  }

  @usableFromInline
  func report(
    _ what: String,
    fix: String = """
    stop sending actions to a screen once it is popped: its effects are cancelled then, so \
    look for a view, or a 'send' that escaped an effect, still talking to it.
    """
  ) {
    IssueReporting.report(
      """
      A 'forEach' at '\(toStack)' received \(what). The action was dropped.

      To fix, \(fix)
      """,
      at: location)
  }
}
