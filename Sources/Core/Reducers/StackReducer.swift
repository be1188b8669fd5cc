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
      parent: resolved(), element: destination().resolved(), toStack: state,
      toStackAction: ChildRoute(action), fromStackAction: action,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

struct StackReducer<State, Action, ElementState, ElementAction>: Reducer {
  let parent: any Reducer<State, Action>
  let element: any Reducer<ElementState, ElementAction>
  let toStack: WritableKeyPath<State, StackState<ElementState>>
  let toStackAction: ChildRoute<Action, StackAction<ElementState, ElementAction>>
  let fromStackAction: @Sendable (StackAction<ElementState, ElementAction>) -> Action
  let location: SourceLocation

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if case .otherCase = toStackAction.match(action) { return reduceParent(&state, action) }
    return reduceStackAction(&state, action)
  }

  /// Records that the screen `id` has running effects.
  private func mount(_ id: StackElementID, in state: inout State) {
    let mounted = state[keyPath: toStack].mounted?.value ?? []
    guard !mounted.contains(id) else { return }
    state[keyPath: toStack].mounted = MountRecord(mounted + [id])
  }

  /// Forgets the screens `ids`, whose effects are cancelled.
  private func forget(_ ids: [StackElementID], in state: inout State) {
    guard let mounted = state[keyPath: toStack].mounted?.value else { return }
    let gone = Set(ids)
    let remaining = mounted.filter { !gone.contains($0) }
    guard remaining.count != mounted.count else { return }
    state[keyPath: toStack].mounted = remaining.isEmpty ? nil : MountRecord(remaining)
  }

  private func reduceStackAction(_ state: inout State, _ action: Action) -> Effect<Action> {
    guard let stackAction = toStackAction.extract(action) else {
      return reduceParent(&state, action)
    }
    switch stackAction {
    case let .element(id, elementAction):
      var effect = Effect<ElementAction>.none
      let isPresent = state[keyPath: toStack].components.updateElement(id: id) {
        effect = element.reduce(into: &$0, action: elementAction)
      }
      guard isPresent else {
        report("'\(elementAction)' for screen '\(id)', which is not in the stack")
        return .none
      }
      if !effect.isNone { mount(id, in: &state) }
      return .merged(lift(effect, id: id), reduceParent(&state, action))
    case let .popFrom(id):
      guard state[keyPath: toStack].components.contains(id: id) else {
        report("'.popFrom(id: \(id))', but no screen has that id")
        return .none
      }
      return reduceParent(&state, action) { $0.pop(from: id) }
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
      return reduceParent(&state, action) { $0[id: id] = element }
    }
  }

  /// Runs the parent reducer, then `after` on the stack, and cancels the effects of every
  /// screen that left the stack meanwhile, or that another reducer removed before this pass.
  private func reduceParent(
    _ state: inout State, _ action: Action,
    then after: ((inout StackState<ElementState>) -> Void)? = nil
  ) -> Effect<Action> {
    let stack = state[keyPath: toStack]
    let before = stack.components
    let parentEffect = parent.reduce(into: &state, action: action)
    if let after { after(&state[keyPath: toStack]) }
    var removed = state[keyPath: toStack].components.removedIDs(since: before)
    if let mounted = stack.mounted {
      removed += mounted.value.filter { !before.contains(id: $0) }
    }
    guard !removed.isEmpty else { return parentEffect }
    forget(removed, in: &state)
    return .merge([parentEffect] + removed.map { .cancelChild(component($0)) })
  }

  /// Maps the effect of the screen with `id` back to the parent, under the screen's
  /// cancellation id.
  private func lift(_ effect: Effect<ElementAction>, id: StackElementID) -> Effect<Action> {
    guard !effect.isNone else { return .none }
    let fromStackAction = fromStackAction
    return effect.lift({ fromStackAction(.element(id: id, action: $0)) }, into: component(id))
      .dismissing { fromStackAction(.popFrom(id: id)) }
  }

  /// The screen with `id` as a child instance: the stack's key path and the id.
  private func component(_ id: StackElementID) -> ChildComponent {
    .screen(KeyPathID(toStack), id)
  }

  private func report(
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
