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

  /// A `Scope`, run as code specialized for its types where the builder is used.
  @inlinable
  public static func buildExpression<Child>(
    _ scope: Scope<State, Action, Child>
  ) -> CombineReducers<State, Action> {
    CombineReducers { scope.reduce(into: &$0, action: $1) }
  }

  @inlinable
  public static func buildPartialBlock(
    first: CombineReducers<State, Action>
  ) -> CombineReducers<State, Action> {
    first
  }

  @inlinable
  public static func buildPartialBlock(
    accumulated: CombineReducers<State, Action>, next: CombineReducers<State, Action>
  ) -> CombineReducers<State, Action> {
    .sequence(accumulated.run, next.run)
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

  @inlinable
  public static func buildEither(
    first component: CombineReducers<State, Action>
  ) -> CombineReducers<State, Action> {
    component
  }

  @inlinable
  public static func buildEither(
    second component: CombineReducers<State, Action>
  ) -> CombineReducers<State, Action> {
    component
  }

  @inlinable
  public static func buildArray(
    _ components: [CombineReducers<State, Action>]
  ) -> CombineReducers<State, Action> {
    components.reduce(.empty) { .sequence($0.run, $1.run) }
  }

  @inlinable
  public static func buildLimitedAvailability(
    _ component: CombineReducers<State, Action>
  ) -> CombineReducers<State, Action> {
    component
  }
}
