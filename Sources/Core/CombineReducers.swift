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

  init(reducers: [any Reducer<State, Action>]) {
    self.reducers = reducers
  }

  /// Combines the reducers built by `build`.
  public init(@ReducerBuilder<State, Action> _ build: () -> CombineReducers<State, Action>) {
    self = build()
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch reducers.count {
    case 0:
      return .none
    case 1:
      return reducers[0].reduce(into: &state, action: action)
    default:
      var effects: [Effect<Action>] = []
      for reducer in reducers {
        let effect = reducer.reduce(into: &state, action: action)
        if !effect.isNone { effects.append(effect) }
      }
      return Effect(merging: effects)
    }
  }
}
