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
  /// The reducers, run in order, composed into one function where their types are known (the
  /// builder is inlinable), so each runs as code specialized for it.
  @usableFromInline
  let run: (inout State, Action) -> Effect<Action>

  @inlinable
  init(run: @escaping (inout State, Action) -> Effect<Action>) {
    self.run = run
  }

  /// Combines the reducers built by `build`.
  @inlinable
  public init(@ReducerBuilder<State, Action> _ build: () -> CombineReducers<State, Action>) {
    self = build()
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    run(&state, action)
  }

  /// `first` then `second`, their effects merged.
  @inlinable
  static func sequence(
    _ first: @escaping (inout State, Action) -> Effect<Action>,
    _ second: @escaping (inout State, Action) -> Effect<Action>
  ) -> Self {
    Self { state, action in
      let effect = first(&state, action)
      let others = second(&state, action)
      if effect.isNone { return others }
      if others.isNone { return effect }
      return Effect(merging: [effect, others])
    }
  }

  /// Runs nothing.
  @inlinable
  static var empty: Self { Self { _, _ in .none } }
}
