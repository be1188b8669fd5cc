extension Store {
  /// A store for part of this store's state and a child action type.
  ///
  /// The child holds no state of its own: its ``state`` is `self.state[keyPath: state]`, and
  /// each action sent to it is wrapped with `action` and sent to this store, up to the root,
  /// where the root reducer handles it. Its observers are notified only when its own state
  /// changed.
  ///
  /// ```swift
  /// let profileStore = appStore.scope(state: \.profile, action: AppAction.profile)
  /// profileStore.send(.nameChanged("Ada"))  // the root reduces .profile(.nameChanged("Ada"))
  /// ```
  ///
  /// `state` may be a computed property, such as a module state assembled from several stored
  /// ones. Scoping is cheap: a child that is neither observed nor read costs the parent
  /// nothing per action, and is freed with its last reference.
  ///
  /// - Parameters:
  ///   - state: The key path from this store's state to the child's.
  ///   - action: Embeds a child action in this store's action, such as the enum case
  ///     constructor `AppAction.profile`.
  /// - Returns: The child store.
  public func scope<ChildState: Equatable, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    makeChild(state: state, isOptional: false, action: action) { $0[keyPath: state] }
  }

  /// A read-only view of part of this store's state that keeps this store's action type.
  ///
  /// Repeated calls with the same key path return the same child while it is alive.
  ///
  /// ```swift
  /// let nameStore = profileStore.scope(state: \.name)
  /// ```
  public func scope<ChildState: Equatable>(
    state: KeyPath<State, ChildState>
  ) -> Store<ChildState, Action> {
    cachedChild(state) {
      makeChild(state: state, isOptional: false, action: { $0 }) { $0[keyPath: state] }
    }
  }

  /// A store for optional child state, or `nil` while the state is `nil`.
  ///
  /// When the state later becomes `nil`, the child keeps its last value, stops notifying its
  /// observers, and drops actions sent to it with a runtime issue.
  ///
  /// ```swift
  /// if let detailStore = store.scope(state: \.detail, action: Action.detail) { ... }
  /// ```
  public func scope<ChildState: Equatable, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction>? {
    refreshIfNeeded()
    guard let initial = current[keyPath: state] else { return nil }
    return makeChild(state: state, isOptional: true, initial: initial, action: action) {
      $0[keyPath: state]
    }
  }

  /// A read-only store for optional child state, or `nil` while the state is `nil`.
  public func scope<ChildState: Equatable>(
    state: KeyPath<State, ChildState?>
  ) -> Store<ChildState, Action>? {
    refreshIfNeeded()
    guard let initial = current[keyPath: state] else { return nil }
    return cachedChild(state) {
      makeChild(state: state, isOptional: true, initial: initial, action: { $0 }) {
        $0[keyPath: state]
      }
    }
  }

  private func cachedChild<Child: AnyObject>(
    _ keyPath: AnyKeyPath, make: () -> Child
  ) -> Child {
    let key = ScopeCacheKey(keyPath: keyPath, childType: ObjectIdentifier(Child.self))
    if let cached = scopeCache[key]?.store as? Child { return cached }
    let child = make()
    if scopeCache.count > 64 { scopeCache = scopeCache.filter { $0.value.store != nil } }
    scopeCache[key] = WeakChild(store: child as? any ScopedChild)
    return child
  }

  private func makeChild<ChildState: Equatable, ChildAction>(
    state keyPath: AnyKeyPath,
    isOptional: Bool,
    initial: ChildState? = nil,
    action: @escaping (ChildAction) -> Action,
    derive: @escaping (State) -> ChildState?
  ) -> Store<ChildState, ChildAction> {
    refreshIfNeeded()
    let link = ScopeLink<ChildState, ChildAction>(
      parent: self,
      derive: { [unowned self] in derive(self.current) },
      forward: { [self] childAction in self.send(action(childAction)) },
      isOptional: isOptional,
      path: "\(keyPath)")
    guard let initial = initial ?? derive(current) else {
      preconditionFailure("A non-optional scope derived no state from '\(keyPath)'")
    }
    return Store<ChildState, ChildAction>(scopedFrom: link, initialState: initial, isDuplicate: { $0 == $1 })
  }
}
