import Core

/// Cases 1–3: the floor, a root send, and sends through deep scopes.
@MainActor
enum SendCases {
  static func run(_ run: BenchmarkRun) {
    if run.wants("raw") {
      var state = Counter.State()
      let reducer = Counter()
      run.time("raw") {
        _ = reduceOnce(reducer, &state, .incremented)
      }
      blackHole(state)
    }
    if run.wants("root.send") {
      let root = Store(initialState: Counter.State()) { Counter() }
      let subscription = root.observe { blackHole($0) }
      run.time("root.send") { root.send(.incremented) }
      subscription.cancel()
    }
    if run.wants("dependencies") {
      // The dependencies check: every send reads the task-local dependencies to know whether
      // it must bind the store's own; a store with overrides binds them for every action.
      var overridden = 0
      run.time("dependencies", variant: "task-local read per send") {
        if DependencyValues.current.context == .test { overridden += 1 }
      }
      let store = Store(initialState: Counter.State()) {
        Counter()
      } withDependencies: {
        $0.context = .test
      }
      let subscription = store.observe { blackHole($0) }
      run.time("dependencies", variant: "root.send, store with overrides") {
        store.send(.incremented)
      }
      subscription.cancel()
      blackHole(overridden)
    }
    if run.wants("scoped.send") || run.wants("root.send") {
      depth1(run)
      computedModule(run)
      depth3(run)
      depth5(run)  // also times two root.send variants
    }
    if run.wants("root.send") { comparePairs(run) }
  }

  /// The targets on root.send, timed in alternating samples: a root send against a raw
  /// reducer call, and a send five scopes deep against a root send.
  private static func comparePairs(_ run: BenchmarkRun) {
    var state = Counter.State()
    let reducer = Counter()
    let root = Store(initialState: Counter.State()) { Counter() }
    let rootSubscription = root.observe { blackHole($0) }
    run.compare("root.send / raw", { root.send(.incremented) }) {
      _ = reduceOnce(reducer, &state, .incremented)
    }
    let deep = Store(initialState: Level1.State()) { Level1() }
    let leaf = depth5Leaf(of: deep)
    let leafSubscription = leaf.observe { blackHole($0) }
    run.compare("depth: 5 levels / root.send", { leaf.send(.incremented) }) {
      root.send(.incremented)
    }
    blackHole(state)
    rootSubscription.cancel()
    leafSubscription.cancel()
  }

  private static func depth1(_ run: BenchmarkRun) {
    let root = Store(initialState: Level5.State()) { Level5() }
    let leaf = root.scope(state: \.child, action: Level5.Action.child)
    measure(run, depth: 1, leaf)
  }

  /// Depth 1 again, through a computed module state (`\.module`, with a getter and a setter)
  /// instead of a stored property: the `Scope` writes it and the module's store reads it through
  /// its accessors.
  private static func computedModule(_ run: BenchmarkRun) {
    let root = Store(initialState: ModuleApp.State()) { ModuleApp() }
    let module = root.scope(state: \.module, action: ModuleApp.Action.module)
    let subscription = module.observe { blackHole($0) }
    module.send(.incremented)
    guard root.state.orders.count == 1 else {
      preconditionFailure("scoped.send: the module's action did not reach its state")
    }
    run.time("scoped.send", variant: "computed module state", parameter: 1) {
      module.send(.incremented)
    }
    subscription.cancel()
  }

  private static func depth3(_ run: BenchmarkRun) {
    let root = Store(initialState: Level3.State()) { Level3() }
    let leaf = root.scope(state: \.child, action: Level3.Action.child)
      .scope(state: \.child, action: Level4.Action.child)
      .scope(state: \.child, action: Level5.Action.child)
    measure(run, depth: 3, leaf)
  }

  private static func depth5(_ run: BenchmarkRun) {
    let root = Store(initialState: Level1.State()) { Level1() }
    let leaf = depth5Leaf(of: root)
    measure(run, depth: 5, leaf)

    // The same action sent to the root, fully wrapped: the reducer work is identical, so the
    // difference to `scoped.send depth 5` is what scoping costs (forwarding up five stores and
    // refreshing the five scoped stores on the way down).
    let wrapped = Level1.Action.child(.child(.child(.child(.child(.incremented)))))
    let subscription = leaf.observe { blackHole($0) }
    run.time("root.send", variant: "depth-5 action, leaf observed") { root.send(wrapped) }
    subscription.cancel()
    let unscoped = Store(initialState: Level1.State()) { Level1() }
    let rootSubscription = unscoped.observe { blackHole($0) }
    run.time("root.send", variant: "depth-5 action, no scopes") { unscoped.send(wrapped) }
    rootSubscription.cancel()
    explicitDepth5(run)
  }

  /// The store five key-path scopes below `root`, through each level's case constructor.
  private static func depth5Leaf(
    of root: Store<Level1.State, Level1.Action>
  ) -> Store<Counter.State, Counter.Action> {
    root.scope(state: \.child, action: Level1.Action.child)
      .scope(state: \.child, action: Level2.Action.child)
      .scope(state: \.child, action: Level3.Action.child)
      .scope(state: \.child, action: Level4.Action.child)
      .scope(state: \.child, action: Level5.Action.child)
  }

  /// Depth 5 again, with every level routing through an explicit `AnyCasePath`.
  private static func explicitDepth5(_ run: BenchmarkRun) {
    let root = Store(initialState: Level1.State()) { ExplicitLevel1() }
    let leaf = root.scope(state: \.child, action: Level1.Action.childPath)
      .scope(state: \.child, action: Level2.Action.childPath)
      .scope(state: \.child, action: Level3.Action.childPath)
      .scope(state: \.child, action: Level4.Action.childPath)
      .scope(state: \.child, action: Level5.Action.childPath)
    let subscription = leaf.observe { blackHole($0) }
    run.time("scoped.send", variant: "depth, explicit case paths", parameter: 5) {
      leaf.send(.incremented)
    }
    subscription.cancel()
  }

  private static func measure(
    _ run: BenchmarkRun, depth: Int, _ leaf: Store<Counter.State, Counter.Action>
  ) {
    let subscription = leaf.observe { blackHole($0) }
    run.time("scoped.send", variant: "depth", parameter: depth) { leaf.send(.incremented) }
    subscription.cancel()
  }
}

/// One call of `reducer`, which the optimizer cannot inline into the timed loop: inlined, the
/// loop's `count += 1` and `return .none` fold into almost nothing, and the floor the store is
/// compared with would be the loop's own overhead.
@inline(never)
func reduceOnce(
  _ reducer: Counter, _ state: inout Counter.State, _ action: Counter.Action
) -> Effect<Counter.Action> {
  reducer.reduce(into: &state, action: action)
}
