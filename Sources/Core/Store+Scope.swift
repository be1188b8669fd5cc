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
  /// > Note: Coming from TCA, pass the action's enum case constructor where TCA takes a case
  /// > key path: `store.scope(state: \.profile, action: AppAction.profile)` for
  /// > `store.scope(state: \.profile, action: \.profile)`. For the rows of a list, scope
  /// > each by id with `scope(state:id:action:)`; for presented state, see
  /// > `scope(state:action:)` on a ``PresentationState``.
  ///
  /// - Parameters:
  ///   - state: The key path from this store's state to the child's.
  ///   - action: Embeds a child action in this store's action, such as the enum case
  ///     constructor `AppAction.profile`.
  /// - Returns: The child store.
  @inlinable
  public func scope<ChildState: Equatable, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    // Built here, where the action types are known, so that forwarding runs specialized code.
    let forwarding = forwarding
    return scope(
      state: state, send: { forwarding(action($0)) }, replace: replacement(of: ChildState.self))
  }

  /// A store for `state`, sending its actions through `send`, built on ``forwarding``, and
  /// taking each new value with `replace`.
  @usableFromInline
  func scope<ChildState: Equatable, ChildAction>(
    state: KeyPath<State, ChildState>,
    send: @escaping (ChildAction) -> StoreTask,
    replace: @escaping StateReplacement<ChildState>
  ) -> Store<ChildState, ChildAction> {
    refreshIfNeeded()
    let source: any ScopeSource<ChildState, ChildAction> =
      self.source?.composing(state, send: send, replace: replace)
      ?? KeyPathSource(parent: self, keyPath: state, send: send, replace: replace)
    return unsafe Store<ChildState, ChildAction>(
      scopedFrom: source, initialState: current[keyPath: state], depth: depth + 1)
  }

  /// A read-only view of part of this store's state that keeps this store's action type.
  ///
  /// Repeated calls with the same key path return the same child while it is alive.
  ///
  /// ```swift
  /// let nameStore = profileStore.scope(state: \.name)
  /// ```
  @inlinable
  public func scope<ChildState: Equatable>(
    state: KeyPath<State, ChildState>
  ) -> Store<ChildState, Action> {
    cachedChild(state) {
      scope(state: state, action: { $0 })
    }
  }

  /// A store for optional child state, or `nil` while the state is `nil`.
  ///
  /// When the state later becomes `nil`, the child keeps its last value, stops notifying its
  /// observers, and drops actions sent to it with a runtime issue.
  ///
  /// ```swift
  /// if let detailStore = store.scope(state: \.detail, action: Action.detail) {
  ///   ...
  /// }
  /// ```
  @inlinable
  public func scope<ChildState: Equatable, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction>? {
    let forwarding = forwarding
    return scope(
      state: state, send: { forwarding(action($0)) }, read: optionalStateRead(state))
  }

  /// A store for optional `state`, sending its actions through `send`, built on
  /// ``forwarding``, and reading each new value with `read`; `nil` while the state is `nil`.
  @usableFromInline
  func scope<ChildState: Equatable, ChildAction>(
    state: KeyPath<State, ChildState?>,
    send: @escaping (ChildAction) -> StoreTask,
    read: @escaping OptionalStateRead<State, ChildState>
  ) -> Store<ChildState, ChildAction>? {
    refreshIfNeeded()
    guard let initial = unsafe current[keyPath: state] else { return nil }
    let source: any ScopeSource<ChildState, ChildAction> =
      self.source?.composing(state, send: send, read: read)
      ?? OptionalKeyPathSource(parent: self, keyPath: state, send: send, read: read)
    return Store<ChildState, ChildAction>(
      scopedFrom: source, initialState: initial, depth: depth + 1)
  }

  /// What ``send(_:)`` does, as a function: the function a store scoped from this one calls,
  /// with each of its actions embedded in this store's action.
  ///
  /// Forwarding is all a send does to a store whose state cannot vanish, so its source's
  /// function serves, and a chain of scopes forwards without going through the stores in
  /// between; otherwise (the root, a store whose state can vanish) it is `send` itself, with
  /// its checks.
  @usableFromInline
  var forwarding: (Action) -> StoreTask {
    if !machine.canVanish, let forwarding = source?.forwarding { return forwarding }
    return { [self] in send($0) }
  }

  /// A read-only store for optional child state, or `nil` while the state is `nil`.
  @inlinable
  public func scope<ChildState: Equatable>(
    state: KeyPath<State, ChildState?>
  ) -> Store<ChildState, Action>? {
    guard holdsValue(at: state) else { return nil }
    return cachedChild(state) {
      scope(state: state, action: { $0 })!
    }
  }

  /// Whether the current state holds a value at `keyPath`.
  @usableFromInline
  func holdsValue<Value>(at keyPath: KeyPath<State, Value?>) -> Bool {
    refreshIfNeeded()
    return unsafe current[keyPath: keyPath] != nil
  }

  /// A store for the element with `id` of an identified array, or `nil` when no element has
  /// that id.
  ///
  /// The counterpart of ``Reducer/forEach(_:action:element:)-(_,(ElementState.ID,ElementAction)->Action,_)`` for views: pass the same key
  /// path and case constructor. Each action sent to the element store is embedded with
  /// `action(id, elementAction)` and sent to this store.
  ///
  /// ```swift
  /// for id in store.state.rows.ids {
  ///   let rowStore = store.scope(state: \.rows, id: id, action: AppAction.row)!
  ///   ...
  /// }
  /// ```
  ///
  /// Prefer it to `scope(state: \.rows[id: id], action: ...)` for lists: this store keeps
  /// its element stores together, keyed by id, and after an action visits only the stores of
  /// the elements that changed (it asks the array which ones did, in O(log n) per changed
  /// element), so a list of 10,000 live rows costs about what a list of one does. A key path
  /// per element makes this store re-derive and compare every live row after every change
  /// to the array.
  ///
  /// When the element is later removed, the store keeps its last value, stops notifying its
  /// observers, and drops actions sent to it with a runtime issue; if an element with the
  /// same id comes back, the store follows it again.
  ///
  /// > Note: Coming from TCA, where `store.scope(state: \.rows, action: \.rows)` returns a
  /// > collection of stores for `ForEach`, iterate the ids and scope each:
  /// > `store.state.rows.ids.compactMap { store.scope(state: \.rows, id: $0, action:
  /// > Action.row) }`. The action is `case row(id:action:)`, not an `IdentifiedAction`.
  ///
  /// - Parameters:
  ///   - state: The key path to the identified array.
  ///   - id: The element's id.
  ///   - action: Embeds an element id and action in this store's action, such as the enum
  ///     case constructor `AppAction.row` of `case row(id: Row.ID, action: RowAction)`.
  /// - Returns: The element store, or `nil` when the array has no element with `id`.
  @inlinable
  public func scope<ElementState: Identifiable & Equatable, ElementAction>(
    state: KeyPath<State, IdentifiedArray<ElementState>>,
    id: ElementState.ID,
    action: @escaping (ElementState.ID, ElementAction) -> Action
  ) -> Store<ElementState, ElementAction>? {
    scope(state: state, id: id, action: action, access: ElementAccess())
  }

  /// The store for the element with `id`, its group reading values with `access`.
  @usableFromInline
  func scope<ElementState: Identifiable & Equatable, ElementAction>(
    state: KeyPath<State, IdentifiedArray<ElementState>>,
    id: ElementState.ID,
    action: @escaping (ElementState.ID, ElementAction) -> Action,
    access: @autoclosure () -> ElementAccess<IdentifiedArray<ElementState>>
  ) -> Store<ElementState, ElementAction>? {
    refreshIfNeeded()
    let group = elementGroup(state, storage: state, access: access())
    guard let initial = group.value(id: id) else { return nil }
    let source = ElementSource(group: group, id: id, embed: action)
    return Store<ElementState, ElementAction>(
      scopedFrom: source, initialState: initial, depth: depth + 1)
  }

  /// The element-scope group of the collection at `keyPath`, shared by its element stores;
  /// `storage` (built, at a run-time cost, only when the group is created) is the path to its
  /// storage, and `access` how its stores read their values.
  func elementGroup<Storage: ElementStorage>(
    _ keyPath: AnyKeyPath, storage: @autoclosure () -> KeyPath<State, Storage>,
    access: @autoclosure () -> ElementAccess<Storage>
  ) -> ElementScopeGroup<State, Action, Storage> {
    typealias Group = ElementScopeGroup<State, Action, Storage>
    if let group = elementGroups[keyPath] as? Group { return group }
    let group = Group(parent: self, keyPath: storage(), displayPath: keyPath, access: access())
    elementGroups[keyPath] = group
    return group
  }

  @usableFromInline
  func cachedChild<Child: AnyObject>(
    _ keyPath: AnyKeyPath, make: () -> Child
  ) -> Child {
    let key = ScopeCacheKey(keyPath: keyPath, childType: ObjectIdentifier(Child.self))
    if let cached = scopeCache[key]?.store as? Child { return cached }
    let child = make()
    if scopeCache.count > 64 { scopeCache = scopeCache.filter { $0.value.store != nil } }
    scopeCache[key] = WeakChild(store: child as? any ScopedChild)
    return child
  }
}
