import Observation

/// Runs a feature: holds its state, reduces each action with the root reducer, runs the effects
/// that follow, and tells observers about each distinct state.
///
/// ```swift
/// let store = Store(initialState: AppFeature.State()) {
///   AppFeature()
/// } withDependencies: {
///   $0.ordersClient = .simulated(stepDuration: .zero)
/// }
/// store.send(.profile(.nameChanged("Ada")))
/// let name = store.state.profile.name  // "Ada"
/// ```
///
/// A *scoped* store (`scope(state:action:)`) is a view of part of its parent's state: it
/// holds no state of its own and forwards each action, wrapped, up to the root, where the root
/// reducer runs. After each action, changes flow down the tree of scoped stores that are being
/// observed; a store whose state did not change is not notified and its subtree is not
/// visited.
///
/// ## Ordering
/// ``send(_:)`` reduces synchronously. An action sent while another is being processed (by an
/// observer, or by a `.send` effect) is queued and reduced, in order, before the outermost
/// `send` returns. Per action the store reduces it and starts its effects; once the queue is
/// empty it commits the result and, if the state is distinct, notifies observers once (parents
/// before children). So observers see one state per `send`, and ``state`` read while the
/// reducer runs is the last committed state.
@MainActor
public final class Store<State, Action> {
  /// For the root, the last committed state; for a scoped store, its last derived value.
  ///
  /// Not checked for exclusive access at run time: the check is a thread-local look-up per
  /// access, and propagation touches this value several times per level. Accesses never overlap: they are all on the main actor, no
  /// access calls out to code that could reach the same store's value (a source reads its
  /// parent's), and the root reducer works on a copy (see `process(_:)`), so a reducer that
  /// reads its own store's `state` reads this committed value, never one being mutated.
  @exclusivity(unchecked) var current: State
  /// The store's propagation state: versions seen and announced, presence, membership,
  /// tracking.
  var machine: ScopeMachine
  /// The root's `==`, when its state is `Equatable`; `nil` for scoped stores, which compare
  /// through their source.
  let isDuplicate: ((inout State, State) -> Bool)?
  let engine: RootEngine<State, Action>?
  let source: (any ScopeSource<State, Action>)?
  /// The observers, in order.
  ///
  /// Stored as a chain from the first one (each observer holds the next), so that notifying
  /// them touches no generic array: in unspecialized code every array access costs a run-time
  /// metadata look-up, once per action and observer.
  var observers: [Observer<State>] {
    get {
      var all: [Observer<State>] = []
      var observer = firstObserver
      while let current = observer {
        all.append(current)
        observer = current.next
      }
      return all
    }
    set {
      // A removed observer keeps its `next`: a notification standing on it when it was
      // cancelled goes on from there to the observers after it. Every `next` leads to an
      // observer added later, so no chain loops.
      for (observer, next) in zip(newValue, newValue.dropFirst()) { observer.next = next }
      newValue.last?.next = nil
      firstObserver = newValue.first
      let hadObservers = hasObservers
      hasObservers = firstObserver != nil
      hasMoreObservers = newValue.count > 1
      if hasObservers != hadObservers, machine.isAttached { source?.observersChanged(self) }
    }
  }
  private(set) var firstObserver: Observer<State>?
  private(set) var hasObservers = false
  /// Whether there is more than `firstObserver`: the usual single observer then costs no
  /// load of its `next`.
  private(set) var hasMoreObservers = false
  /// How many scopes separate this store from the root (0 for the root), so that a parent
  /// visits its children in order of depth: a store's observers always hear of a change
  /// before those of the stores scoped from it.
  let depth: Int
  /// The attached scoped children (and element-scope groups) visited after each change.
  ///
  /// Every access to it is a read of its entries or a move (see `editChildren`), none of
  /// which can overlap another, so the compiler proves them exclusive and checks nothing at
  /// run time (a check would be a thread-local look-up on every visit).
  var children = ChildList()
  /// Whether the one-time hint about many key-path row scopes was reported for this store.
  var reportedRowScopes = false
  var scopeCache: [ScopeCacheKey: WeakChild] = [:]
  /// The element-scope group of each identified-array key path scoped with `scope(state:id:)`.
  var elementGroups: [AnyKeyPath: AnyObject] = [:]
  /// Created on the first read of `state`: a store only observed with `observe` never needs
  /// one.
  var registrar: ObservationRegistrar?

  /// Creates a root store running the reducer built by `reducer`.
  ///
  /// ```swift
  /// let store = Store(initialState: CounterFeature.State()) {
  ///   CounterFeature()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - reducer: Builds the root reducer.
  ///   - prepareDependencies: Overrides dependencies for this store and its effects.
  @inlinable
  public convenience init<R: Reducer>(
    initialState: @autoclosure () -> R.State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) where R.State == State, R.Action == Action {
    // Inlinable, like the reducer combinators, so that the reducer's `reduce` is built (and
    // specialized) here, where `R` is known.
    self.init(
      building: { (initialState(), reducer().reduceFunction()) },
      isDuplicate: equality(of: State.self), withDependencies: prepareDependencies)
  }

  /// Creates a root store running `reducer`.
  ///
  /// ```swift
  /// let store = Store(initialState: CounterFeature.State(), reducer: CounterFeature())
  /// ```
  @inlinable
  public convenience init<R: Reducer>(initialState: State, reducer: R)
  where R.State == State, R.Action == Action {
    self.init(
      building: { (initialState, reducer.reduceFunction()) },
      isDuplicate: equality(of: State.self), withDependencies: nil)
  }

  /// A root store of the state and reduce function `build` returns, built with the
  /// dependencies `prepareDependencies` sets, comparing states with `isDuplicate` (built by
  /// the inlinable initializers, where `State` is known, so it is a direct `==`).
  @usableFromInline
  init(
    building build: () -> (State, (inout State, Action) -> Effect<Action>),
    isDuplicate: ((inout State, State) -> Bool)?,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)?
  ) {
    var dependencies = DependencyValues.current
    prepareDependencies?(&dependencies)
    let (state, reduce) = DependencyValues.$current.withValue(dependencies) { build() }
    unsafe self.current = state
    self.isDuplicate = isDuplicate
    self.engine = RootEngine(reduce: reduce, dependencies: dependencies)
    self.source = nil
    self.depth = 0
    self.machine = .root
  }

  init(scopedFrom source: any ScopeSource<State, Action>, initialState: State, depth: Int) {
    unsafe self.current = initialState
    self.isDuplicate = nil
    self.engine = nil
    self.source = source
    self.depth = depth
    self.machine = ScopeMachine(
      scopedAtParentVersion: source.parentVersion, canVanish: type(of: source).canVanish)
  }

  /// The current state.
  ///
  /// For a scoped store, the part of the root's state it is scoped to, always up to date. When
  /// the state it is scoped to is gone (an optional that became `nil`, a removed element), the
  /// last value it had: the one it last read or delivered to its observers. A store that is
  /// neither read nor observed is not kept up to date, so read after its state is gone, it
  /// returns the value it had when last read (or created), not one from the changes after.
  ///
  /// Reading it inside `withObservationTracking` tracks changes to it.
  public var state: State {
    if registrar == nil { registrar = ObservationRegistrar() }
    registrar?.access(self, keyPath: \.state)
    if machine.track() {
      attachIfNeeded()
      beginDedup()
    }
    refreshIfNeeded()
    return unsafe current
  }

  /// Sends an action to the store.
  ///
  /// The root reducer runs synchronously: when `send` returns, ``state`` reflects the action,
  /// and every store scoped from the root has notified its observers. Effects run afterwards,
  /// asynchronously. An action sent re-entrantly (from an observer, or while another action is
  /// being reduced) is queued and reduced before the outermost `send` returns.
  ///
  /// Sending to a scoped store whose state is gone drops the action and reports a runtime
  /// issue naming the store and the action.
  ///
  /// - Parameter action: The action.
  /// - Returns: A task for the effects the action started.
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    // `source` is tested, then unwrapped where it is used, not bound: binding an optional
    // existential copies it, a retain and a release of the source on every send.
    guard source != nil else { return process(action) }
    if machine.canVanish {
      refreshIfNeeded()
      if machine.sendDecision == .dropGone { return dropGone(action, origin: source!.origin) }
    }
    return source!.forward(action)
  }

  /// Reports an action sent to a store whose state is gone, and drops it.
  private func dropGone(_ action: Action, origin: String) -> StoreTask {
    IssueReporting.report(
      """
      'Store<\(State.self), \(Action.self)>.send' was called with '\(action)' \
      \(origin), whose state is gone. The action was dropped.

      To fix, stop sending actions to a store once its optional state becomes nil, its element \
      is removed or its screen is popped (for example, dismiss the view that holds it).
      """)
    return StoreTask(batch: nil)
  }
}

extension Store: CustomStringConvertible {
  public nonisolated var description: String {
    "Store<\(State.self), \(Action.self)>"
  }
}

/// `==` for `State` when it is `Equatable`, found at run time.
///
/// The function is cast once, here, rather than each value on every comparison: casting a
/// state copies it, which for a state of several stored collections cost more than comparing
/// it. The left-hand side is `inout` so that a store compares its committed state in place;
/// a value passed from a class's stored property is copied first (every reference in it
/// retained, then released).
@inlinable
func equality<State>(of _: State.Type) -> ((inout State, State) -> Bool)? {
  guard let equatable = State.self as? any Equatable.Type else { return nil }
  return equatable.equality(as: State.self)
}

extension Equatable {
  /// `==` for values of `Other`, which is `Self`: the cast cannot fail.
  @inlinable
  static func equality<Other>(as _: Other.Type) -> (inout Other, Other) -> Bool {
    let equal: (inout Self, Self) -> Bool = { $0 == $1 }
    return equal as! (inout Other, Other) -> Bool
  }
}
