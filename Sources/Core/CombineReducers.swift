/// Runs several reducers in order on the same state and merges their effects.
///
/// ```swift
/// CombineReducers {
///   Scope(state: \.profile, action: AppAction.profile) { ProfileFeature() }
///   Reduce { state, action in .none }
/// }
/// ```
///
/// It is also the type every ``ReducerBuilder`` produces.
public struct CombineReducers<State, Action>: Reducer {
  let reducers: [any Reducer<State, Action>]
  /// `reducers` run in order, composed once into nested closures that each hold one reducer:
  /// in unspecialized generic code, reading an element of an array of existentials costs a
  /// run-time metadata look-up, per element and per action.
  private let run: (inout State, Action) -> Effect<Action>

  init(reducers: [any Reducer<State, Action>]) {
    self.reducers = reducers
    self.run = Self.compose(reducers[...])
  }

  /// Combines the reducers built by `build`.
  public init(@ReducerBuilder<State, Action> _ build: () -> CombineReducers<State, Action>) {
    self = build()
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    run(&state, action)
  }

  private static func compose(
    _ reducers: ArraySlice<any Reducer<State, Action>>
  ) -> (inout State, Action) -> Effect<Action> {
    guard let first = reducers.first else { return { _, _ in .none } }
    guard reducers.count > 1 else { return { first.reduce(into: &$0, action: $1) } }
    let rest = compose(reducers.dropFirst())
    return { state, action in
      let effect = first.reduce(into: &state, action: action)
      let others = rest(&state, action)
      // Not `Effect.merged(_:_:)`: calling that generic static function on every action costs
      // a metadata look-up per level (about 1,500 instructions per send at depth 5).
      if effect.isNone { return others }
      if others.isNone { return effect }
      return Effect(merging: [effect, others])
    }
  }
}
