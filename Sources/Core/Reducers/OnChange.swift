extension Reducer {
  /// Runs `reducer` after this one whenever an action changed the value `toValue` derives
  /// from the state (compared with `==`), with the value before and after the action.
  ///
  /// ```swift
  /// var body: some Reducer<State, Action> {
  ///   BindingReducer()
  ///     .onChange(of: { $0.query }) { oldQuery, newQuery in
  ///       Reduce { state, action in
  ///         state.results = []
  ///         return .send(.searchQueryChanged(newQuery))
  ///       }
  ///     }
  /// }
  /// ```
  ///
  /// A key path works as `toValue` too: `.onChange(of: \.query)`. It compares only what this
  /// reducer changed: changes made by reducers placed after it in a `body` are not seen.
  ///
  /// - Parameters:
  ///   - toValue: Derives the watched value from the state.
  ///   - reducer: Builds the reducer to run from the old and new value. It receives the
  ///     action that caused the change, and the effects of both reducers are merged.
  /// - Returns: This reducer, followed by `reducer` when the value changed.
  /// - Complexity: Two calls of `toValue` and one `==` per action.
  public func onChange<Value: Equatable, Change: Reducer<State, Action>>(
    of toValue: @escaping (State) -> Value,
    @ReducerBuilder<State, Action> _ reducer:
      @escaping (
        _ oldValue: Value, _ newValue: Value
      ) -> Change
  ) -> OnChangeReducer<Self, Value, Change> {
    OnChangeReducer(base: self, toValue: toValue, change: reducer)
  }
}

/// A reducer followed by another when a value derived from the state changed; made by
/// ``Reducer/onChange(of:_:)``.
public struct OnChangeReducer<Base: Reducer, Value: Equatable, Change: Reducer>: Reducer
where Change.State == Base.State, Change.Action == Base.Action {
  let base: any Reducer<Base.State, Base.Action>
  let toValue: (Base.State) -> Value
  let change: (Value, Value) -> Change

  init(
    base: Base, toValue: @escaping (Base.State) -> Value, change: @escaping (Value, Value) -> Change
  ) {
    self.base = base.resolved()
    self.toValue = toValue
    self.change = change
  }

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let oldValue = toValue(state)
    let effect = base.reduce(into: &state, action: action)
    let newValue = toValue(state)
    guard oldValue != newValue else { return effect }
    return .merged(effect, change(oldValue, newValue).reduce(into: &state, action: action))
  }
}
