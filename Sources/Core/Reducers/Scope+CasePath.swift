extension Scope {
  /// Creates a reducer that runs `child` on `state` for the parent actions an explicit case
  /// path finds a child action in.
  ///
  /// The compiler-checked form of ``init(state:action:child:)``: routing costs what the
  /// `switch` in `extract` costs, and any action shape works.
  ///
  /// ```swift
  /// Scope(
  ///   state: \.profile,
  ///   action: AnyCasePath(
  ///     embed: { .profile($0) },
  ///     extract: { if case let .profile(action) = $0 { action } else { nil } }
  ///   )
  /// ) {
  ///   ProfileFeature()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - state: The writable key path from the parent state to the child state.
  ///   - action: The case path between a parent action and a child action.
  ///   - child: Builds the child reducer.
  @inlinable
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      state: state, route: ChildRoute(action), embed: action.embedValue, child: child())
  }

  /// Creates a reducer that runs `child` on one case of an enum state, with explicit case
  /// paths for the state and the action.
  ///
  /// The compiler-checked form of the case-constructor scope to an enum case.
  ///
  /// - Parameters:
  ///   - state: The case path between the parent state and the child state.
  ///   - action: The case path between a parent action and a child action.
  ///   - child: Builds the child reducer.
  public init<ChildState, ChildAction>(
    state: AnyCasePath<ParentState, ChildState>,
    action: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(toChildCase: EnumCase(state), action: ChildRoute(action), child: child())
  }
}
