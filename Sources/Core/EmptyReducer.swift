/// A reducer that changes nothing and returns no effect.
///
/// Useful as a placeholder, and in `if`/`else` branches of a ``ReducerBuilder``.
public struct EmptyReducer<State, Action>: Reducer {
  /// Creates a reducer that does nothing.
  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    .none
  }
}
