/// Builds a reducer from a list of reducers, run in order for each action.
///
/// Used by ``Reducer/body``, ``CombineReducers``, ``Scope`` and the `Store` initializer. It
/// supports `if`, `if`/`else`, `switch` and `for` over reducers of the same state and action.
@resultBuilder
public enum ReducerBuilder<State, Action> {
  @inlinable
  public static func buildExpression<R: Reducer>(_ reducer: R) -> CombineReducers<State, Action>
  where R.State == State, R.Action == Action {
    CombineReducers(run: reducer.reduceFunction())
  }

  /// A `Scope`, kept as its own type while its block is built, so that the block runs it
  /// inlined, as code specialized for its types, rather than as a closure of its own.
  @inlinable
  public static func buildExpression<Child>(
    _ scope: Scope<State, Action, Child>
  ) -> Scope<State, Action, Child> {
    scope
  }

  @inlinable
  public static func buildPartialBlock(
    first: CombineReducers<State, Action>
  ) -> CombineReducers<State, Action> {
    first
  }

  /// A block that starts with a `Scope`, kept as its type.
  @inlinable
  public static func buildPartialBlock<Child>(
    first: Scope<State, Action, Child>
  ) -> Scope<State, Action, Child> {
    first
  }

  @inlinable
  public static func buildPartialBlock(
    accumulated: CombineReducers<State, Action>, next: CombineReducers<State, Action>
  ) -> CombineReducers<State, Action> {
    .sequence(accumulated.run, next.run)
  }

  /// A `Scope` then another reducer: one function that runs the `Scope` inlined.
  @inlinable
  public static func buildPartialBlock<Child>(
    accumulated: Scope<State, Action, Child>, next: CombineReducers<State, Action>
  ) -> CombineReducers<State, Action> {
    .sequence(accumulated, next.run)
  }

  /// Reducers then a `Scope`: one function that runs the `Scope` inlined.
  @inlinable
  public static func buildPartialBlock<Child>(
    accumulated: CombineReducers<State, Action>, next: Scope<State, Action, Child>
  ) -> CombineReducers<State, Action> {
    .sequence(accumulated.run, next)
  }

  /// Two `Scope`s: one function that runs the first inlined.
  @inlinable
  public static func buildPartialBlock<First, Second>(
    accumulated: Scope<State, Action, First>, next: Scope<State, Action, Second>
  ) -> CombineReducers<State, Action> {
    .sequence(accumulated, buildFinalResult(next).run)
  }

  /// A block that is already one function.
  @inlinable
  public static func buildFinalResult(
    _ component: CombineReducers<State, Action>
  ) -> CombineReducers<State, Action> {
    component
  }

  /// A block of one `Scope`, as a function that runs it inlined.
  @inlinable
  public static func buildFinalResult<Child>(
    _ scope: Scope<State, Action, Child>
  ) -> CombineReducers<State, Action> {
    CombineReducers { scope.reduce(into: &$0, action: $1) }
  }

  @inlinable
  public static func buildBlock() -> CombineReducers<State, Action> {
    .empty
  }

  @inlinable
  public static func buildOptional(
    _ component: CombineReducers<State, Action>?
  ) -> CombineReducers<State, Action> {
    component ?? .empty
  }

  /// An `if` whose body is one `Scope`.
  @inlinable
  public static func buildOptional<Child>(
    _ scope: Scope<State, Action, Child>?
  ) -> CombineReducers<State, Action> {
    guard let scope else { return .empty }
    return buildFinalResult(scope)
  }

  @inlinable
  public static func buildEither(
    first component: CombineReducers<State, Action>
  ) -> CombineReducers<State, Action> {
    component
  }

  /// A first branch that is one `Scope`.
  @inlinable
  public static func buildEither<Child>(
    first scope: Scope<State, Action, Child>
  ) -> CombineReducers<State, Action> {
    buildFinalResult(scope)
  }

  @inlinable
  public static func buildEither(
    second component: CombineReducers<State, Action>
  ) -> CombineReducers<State, Action> {
    component
  }

  /// A second branch that is one `Scope`.
  @inlinable
  public static func buildEither<Child>(
    second scope: Scope<State, Action, Child>
  ) -> CombineReducers<State, Action> {
    buildFinalResult(scope)
  }

  @inlinable
  public static func buildArray(
    _ components: [CombineReducers<State, Action>]
  ) -> CombineReducers<State, Action> {
    components.reduce(.empty) { .sequence($0.run, $1.run) }
  }

  /// A `for` loop whose body is one `Scope`.
  @inlinable
  public static func buildArray<Child>(
    _ scopes: [Scope<State, Action, Child>]
  ) -> CombineReducers<State, Action> {
    var combined = CombineReducers<State, Action>.empty
    for scope in scopes { combined = .sequence(combined.run, scope) }
    return combined
  }

  @inlinable
  public static func buildLimitedAvailability(
    _ component: CombineReducers<State, Action>
  ) -> CombineReducers<State, Action> {
    component
  }

  /// An availability check whose body is one `Scope`.
  @inlinable
  public static func buildLimitedAvailability<Child>(
    _ scope: Scope<State, Action, Child>
  ) -> CombineReducers<State, Action> {
    buildFinalResult(scope)
  }
}
