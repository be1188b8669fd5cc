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
/// as `action`; the child's effects are mapped back with it.
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  let toChildState: WritableKeyPath<ParentState, Child.State>
  let toChildAction: ActionExtractor<ParentAction, Child.Action>
  let fromChildAction: @Sendable (Child.Action) -> ParentAction
  let child: any Reducer<Child.State, Child.Action>

  /// Creates a reducer that runs `child` on `state` for actions embedded with `action`.
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
    self.toChildState = state
    self.toChildAction = ActionExtractor(embed: action)
    self.fromChildAction = action
    self.child = child().resolved()
  }

  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(action) else { return .none }
    let effect = child.reduce(into: &state[keyPath: toChildState], action: childAction)
    return effect.isNone ? .none : effect.map(fromChildAction)
  }
}
