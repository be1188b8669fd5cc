extension Reducer {
  /// This reducer, and the effects it returns, with the dependency at `keyPath` set to
  /// `value`; the rest of the app keeps its own.
  ///
  /// ```swift
  /// var body: some Reducer<State, Action> {
  ///   Scope(state: \.preview, action: Action.preview) {
  ///     OrdersFeature()
  ///       .dependency(\.ordersClient, .simulated(stepDuration: .zero))
  ///   }
  ///   Scope(state: \.orders, action: Action.orders) {
  ///     OrdersFeature()  // the store's own ordersClient
  ///   }
  /// }
  /// ```
  ///
  /// The override applies to whatever the reducer reads with ``Dependency`` while it reduces,
  /// and to the `.run` effects it returns (they capture the dependencies in force when they
  /// are created). It takes precedence over the store's and the test's overrides, for this
  /// reducer only.
  ///
  /// - Parameters:
  ///   - keyPath: The dependency, such as `\.clock`.
  ///   - value: Its value for this reducer.
  public func dependency<Value>(
    _ keyPath: any WritableKeyPath<DependencyValues, Value> & Sendable, _ value: Value
  ) -> DependencyModifier<Self, Value> {
    DependencyModifier(base: self, keyPath: keyPath, value: value)
  }
}

/// A reducer run with one dependency overridden; made by ``Reducer/dependency(_:_:)``.
public struct DependencyModifier<Base: Reducer, Value>: Reducer {
  let base: any Reducer<Base.State, Base.Action>
  let keyPath: WritableKeyPath<DependencyValues, Value>
  let value: Value

  init(base: Base, keyPath: WritableKeyPath<DependencyValues, Value>, value: Value) {
    self.base = base.resolved()
    self.keyPath = keyPath
    self.value = value
  }

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    var dependencies = DependencyValues.current
    // Through a key path, a computed property is read before it is written.
    dependencies.override { $0[keyPath: keyPath] = value }
    return DependencyValues.$current.withValue(dependencies) {
      base.reduce(into: &state, action: action)
    }
  }
}
