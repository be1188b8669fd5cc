/// Runs a child reducer on part of the parent's state, for the parent actions that carry a
/// child action.
///
/// ```swift
/// var body: some Reducer<AppState, AppAction> {
///   Scope(state: \.profile, action: AppAction.profile) { ProfileFeature() }
///   Scope(state: \.ordersModule, action: AppAction.orders) { OrdersFeature() }
/// }
/// ```
///
/// `state` may be a computed property with a setter (a module state assembled from several
/// stored ones): the child's changes are written back through the setter.
///
/// The child action is extracted from the parent action with the enum case constructor given
/// as `action`, reading the case as it is declared (a payload of another type never reaches
/// the child); the child's effects are mapped back with it. An `action` closure that is not a
/// case constructor is reported the first time an action arrives: pass `extract:` for such
/// shapes. Cancellation ids used by the child are local to this scope: a `Scope` of the same
/// feature elsewhere in the tree does not share them.
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  /// `nil` for a scope to an enum case, which uses `toChildCase` (see `Scope+Case.swift`).
  let toChildState: WritableKeyPath<ParentState, Child.State>?
  let toChildCase: EnumCase<ParentState, Child.State>?
  let toChildAction: ActionExtractor<ParentAction, Child.Action>
  let fromChildAction: @Sendable (Child.Action) -> ParentAction
  let child: any Reducer<Child.State, Child.Action>
  /// The byte offset of the child state when `toChildState` is a path of stored properties:
  /// the child is then reduced in place through a pointer, much faster than a key-path write
  /// in unspecialized generic code.
  let childOffset: Int?
  /// The child instance the child's cancellation ids are local to.
  let instance: HashableValue

  /// Creates a reducer that runs `child` on `state` for actions embedded with `action`.
  ///
  /// `action` is an enum case constructor (`AppAction.profile`), or a composition of them
  /// (`{ .settings(.profile($0)) }`). The child action is extracted from a parent action by
  /// reading the case the constructor builds, as that case declares it: a payload of another
  /// type never reaches the child. An `action` closure that is not a case constructor is
  /// reported as a runtime issue the first time an action arrives; use
  /// ``init(state:action:extract:child:)`` for such shapes.
  ///
  /// - Parameters:
  ///   - state: The writable key path from the parent state to the child state.
  ///   - action: The enum case constructor that embeds a child action in a parent action.
  ///   - child: Builds the child reducer.
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: @escaping @Sendable (ChildAction) -> ParentAction,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      state: state, extractor: ActionExtractor(embed: action), embed: action, child: child())
  }

  /// Creates a reducer that runs `child` on `state` for the parent actions `extract` finds a
  /// child action in.
  ///
  /// The explicit form, for action shapes that are not enum cases:
  ///
  /// ```swift
  /// Scope(
  ///   state: \.search, action: { AppAction(kind: .search($0)) },
  ///   extract: { if case let .search(action) = $0.kind { action } else { nil } }
  /// ) {
  ///   SearchFeature()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - state: The writable key path from the parent state to the child state.
  ///   - action: Embeds a child action in a parent action (for the child's effects).
  ///   - extract: The child action a parent action carries, or `nil`; the inverse of
  ///     `action`.
  ///   - child: Builds the child reducer.
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: @escaping @Sendable (ChildAction) -> ParentAction,
    extract: @escaping @Sendable (ParentAction) -> ChildAction?,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      state: state, extractor: ActionExtractor(embed: action, extract: extract), embed: action,
      child: child())
  }

  private init(
    state: WritableKeyPath<ParentState, Child.State>,
    extractor: ActionExtractor<ParentAction, Child.Action>,
    embed: @escaping @Sendable (Child.Action) -> ParentAction, child: Child
  ) {
    self.toChildState = state
    self.toChildCase = nil
    self.toChildAction = extractor
    self.fromChildAction = embed
    self.child = child.resolved()
    self.childOffset = MemoryLayout<ParentState>.offset(of: state)
    self.instance = HashableValue(KeyPathID(keyPath: state))
  }

  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    switch toChildAction.route(action) {
    case .none:
      return .none
    case .payload(let indirect):
      return reduceChild(toChildAction.payload(of: action, indirect: indirect), in: &state)
    case .slow:
      return reduceExtracting(action, in: &state)
    }
  }

  /// Kept out of line: the `Optional` it extracts into costs a metadata look-up on entry to
  /// whichever function holds it.
  @inline(never)
  private func reduceExtracting(
    _ action: ParentAction, in state: inout ParentState
  ) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(action) else { return .none }
    return reduceChild(childAction, in: &state)
  }

  private func reduceChild(
    _ childAction: Child.Action, in state: inout ParentState
  ) -> Effect<ParentAction> {
    let effect: Effect<Child.Action>
    if let childOffset {
      effect = reduceChild(in: &state, at: childOffset, childAction)
    } else if let toChildState {
      effect = child.reduce(into: &state[keyPath: toChildState], action: childAction)
    } else {
      return reduceCase(childAction, in: &state)
    }
    return effect.isNone ? .none : effect.lift(fromChildAction, into: instance)
  }

  /// Reduces the child state stored at `offset` bytes into the parent state, in place.
  /// (A pointer argument rather than `withUnsafeMutablePointer`, whose generic result type
  /// would cost a metadata look-up per call in unspecialized code.)
  private func reduceChild(
    in parent: UnsafeMutablePointer<ParentState>, at offset: Int, _ childAction: Child.Action
  ) -> Effect<Child.Action> {
    child.reduce(
      into: &UnsafeMutableRawPointer(parent).advanced(by: offset)
        .assumingMemoryBound(to: Child.State.self).pointee,
      action: childAction)
  }
}
