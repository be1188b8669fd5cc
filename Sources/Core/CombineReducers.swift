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
      return merge(effect, second(&state, action))
    }
  }

  /// `scope` then `second`, their effects merged, with the scope run inlined.
  @inlinable
  static func sequence<Child>(
    _ scope: Scope<State, Action, Child>,
    _ second: @escaping (inout State, Action) -> Effect<Action>
  ) -> Self {
    Self { state, action in
      merge(scope.reduce(into: &state, action: action), second(&state, action))
    }
  }

  /// `first` then `scope`, their effects merged, with the scope run inlined.
  @inlinable
  static func sequence<Child>(
    _ first: @escaping (inout State, Action) -> Effect<Action>,
    _ scope: Scope<State, Action, Child>
  ) -> Self {
    Self { state, action in
      merge(first(&state, action), scope.reduce(into: &state, action: action))
    }
  }

  /// Both effects, without building a merge when one is `.none`.
  @inlinable
  static func merge(_ effect: Effect<Action>, _ others: Effect<Action>) -> Effect<Action> {
    if effect.isNone { return others }
    if others.isNone { return effect }
    return Effect(merging: [effect, others])
  }

  /// Runs nothing.
  @inlinable
  static var empty: Self { Self { _, _ in .none } }
}
