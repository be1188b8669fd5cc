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
  @usableFromInline
  let toChildState: KeyPathAccess<ParentState, Child.State>?
  @usableFromInline
  let toChildCase: EnumCase<ParentState, Child.State>?
  @usableFromInline
  let toChildAction: ChildRoute<ParentAction, Child.Action>
  @usableFromInline
  let fromChildAction: @Sendable (Child.Action) -> ParentAction
  /// The child's `reduce`, built where `Child` is known (see `Reducer.reduceFunction()`).
  @usableFromInline
  let child: (inout Child.State, Child.Action) -> Effect<Child.Action>
  /// For a scope to an enum case, finds the child in the parent's state, so that the store can
  /// check it is still there; `nil` for a key-path scope, which builds its locator from the key
  /// path when its child returns an effect (see ``liftField(_:carrying:in:)``).
  @usableFromInline
  let caseLocator: ChildLocator?

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
  @inlinable
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: @escaping @Sendable (ChildAction) -> ParentAction,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      state: state, route: ChildRoute(action), embed: action, child: child())
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
  @inlinable
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: @escaping @Sendable (ChildAction) -> ParentAction,
    extract: @escaping @Sendable (ParentAction) -> ChildAction?,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      state: state, route: ChildRoute(embed: action, extract: extract), embed: action,
      child: child())
  }

  /// A scope to the state at `state`. Inlinable and always inlined, down to
  /// ``KeyPathAccess/init(_:)``, which is the key path's only user: where the operator is given
  /// a key-path literal to a computed property (a module state), the child is then written
  /// through the property's own accessors.
  @inlinable @inline(__always)
  init(
    state: WritableKeyPath<ParentState, Child.State>,
    route: ChildRoute<ParentAction, Child.Action>,
    embed: @escaping @Sendable (Child.Action) -> ParentAction, child: Child
  ) {
    self.init(
      toChildState: KeyPathAccess(state), toChildCase: nil, toChildAction: route,
      fromChildAction: embed, child: child.reduceFunction(), caseLocator: nil)
  }

  @inlinable @inline(__always)
  init(
    toChildState: KeyPathAccess<ParentState, Child.State>?,
    toChildCase: EnumCase<ParentState, Child.State>?,
    toChildAction: ChildRoute<ParentAction, Child.Action>,
    fromChildAction: @escaping @Sendable (Child.Action) -> ParentAction,
    child: @escaping (inout Child.State, Child.Action) -> Effect<Child.Action>,
    caseLocator: ChildLocator?
  ) {
    self.toChildState = toChildState
    self.toChildCase = toChildCase
    self.toChildAction = toChildAction
    self.fromChildAction = fromChildAction
    self.child = child
    self.caseLocator = caseLocator
  }

  @inlinable @inline(__always)
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    let childAction: Child.Action
    switch toChildAction.match(action) {
    case .otherCase:
      return .none
    case .inline(let tag, let indirect):
      childAction = toChildAction.payload(of: action, tag: tag, indirect: indirect)
    case .general:
      guard let extracted = toChildAction.extractGenerally(action) else { return .none }
      childAction = extracted
    }
    let child = child
    guard let effect = toChildState?.modify(&state, { child(&$0, childAction) }) else {
      return reduceCase(childAction, in: &state)
    }
    return effect.isNone ? .none : liftField(effect, carrying: childAction, in: &state)
  }

  /// The child's `effect`, run under the child's identity: the key path, and the route of the
  /// parent action that embeds the child's actions (`childAction`, embedded).
  @usableFromInline
  func liftField(
    _ effect: Effect<Child.Action>, carrying childAction: Child.Action,
    in state: inout ParentState
  ) -> Effect<ParentAction> {
    guard let toChildState else { preconditionFailure("a key-path scope has 'toChildState'") }
    let path = toChildState.path(in: &state)
    return effect.lift(
      fromChildAction,
      into: .field(KeyPathID(path), action: toChildAction.route(embedding: childAction)),
      locator: .at(path) { child, _ in child })
  }
}
