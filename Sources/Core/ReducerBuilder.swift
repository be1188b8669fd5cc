/// Builds a reducer from a list of reducers, run in order for each action.
///
/// Used by ``Reducer/body``, ``CombineReducers``, ``Scope`` and the `Store` initializer. It
/// supports `if`, `if`/`else`, `switch` and `for` over reducers of the same state and action.
@resultBuilder
public enum ReducerBuilder<State, Action> {
  public static func buildExpression<R: Reducer>(_ reducer: R) -> CombineReducers<State, Action>
  where R.State == State, R.Action == Action {
    CombineReducers(reducers: [reducer.resolved()])
  }

  public static func buildPartialBlock(
    first: CombineReducers<State, Action>
  ) -> CombineReducers<State, Action> {
    first
  }

  public static func buildPartialBlock(
    accumulated: CombineReducers<State, Action>, next: CombineReducers<State, Action>
  ) -> CombineReducers<State, Action> {
    CombineReducers(reducers: accumulated.reducers + next.reducers)
  }

  public static func buildBlock() -> CombineReducers<State, Action> {
    CombineReducers(reducers: [])
  }

  public static func buildOptional(
    _ component: CombineReducers<State, Action>?
  ) -> CombineReducers<State, Action> {
    component ?? CombineReducers(reducers: [])
  }

  public static func buildEither(
    first component: CombineReducers<State, Action>
  ) -> CombineReducers<State, Action> {
    component
  }

  public static func buildEither(
    second component: CombineReducers<State, Action>
  ) -> CombineReducers<State, Action> {
    component
  }

  public static func buildArray(
    _ components: [CombineReducers<State, Action>]
  ) -> CombineReducers<State, Action> {
    CombineReducers(reducers: components.flatMap(\.reducers))
  }

  public static func buildLimitedAvailability(
    _ component: CombineReducers<State, Action>
  ) -> CombineReducers<State, Action> {
    component
  }
}
