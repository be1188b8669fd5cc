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
      // An index loop and no array until a second effect: in unspecialized generic code,
      // iterators and arrays of effects each cost run-time metadata look-ups per action.
      var first = Effect<Action>.none
      var more: [Effect<Action>]?
      var index = 0
      while index < reducers.count {
        let effect = reducers[index].reduce(into: &state, action: action)
        if !effect.isNone {
          if first.isNone {
            first = effect
          } else {
            more = (more ?? [first]) + [effect]
          }
        }
        index += 1
      }
      guard let more else { return first }
      return Effect(merging: more)
    }
  }
}
