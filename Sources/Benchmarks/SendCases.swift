import Core

/// Cases 1–3: the floor, a root send, and sends through deep scopes.
@MainActor
enum SendCases {
  static func run(_ run: BenchmarkRun) {
    if run.wants("raw") {
      var state = Counter.State()
      let reducer = Counter()
      run.time("raw") {
        _ = reducer.reduce(into: &state, action: .incremented)
      }
      blackHole(state)
    }
    if run.wants("root.send") {
      let root = Store(initialState: Counter.State()) { Counter() }
      let subscription = root.observe { blackHole($0) }
      run.time("root.send") { root.send(.incremented) }
      subscription.cancel()
    }
    if run.wants("scoped.send") {
      depth1(run)
      depth3(run)
      depth5(run)
    }
  }

  private static func depth1(_ run: BenchmarkRun) {
    let root = Store(initialState: .init(child: Counter.State())) { Nest(child: Counter()) }
    let leaf = root.scope(state: \.child, action: Nest<Counter>.Action.child)
    measure(run, depth: 1, leaf)
  }

  private static func depth3(_ run: BenchmarkRun) {
    typealias L2 = Nest<Counter>
    typealias L1 = Nest<L2>
    typealias L0 = Nest<L1>
    let root = Store(initialState: L0.State(child: .init(child: .init(child: .init())))) {
      L0(child: L1(child: L2(child: Counter())))
    }
    let leaf = root.scope(state: \.child, action: L0.Action.child)
      .scope(state: \.child, action: L1.Action.child)
      .scope(state: \.child, action: L2.Action.child)
    measure(run, depth: 3, leaf)
  }

  private static func depth5(_ run: BenchmarkRun) {
    typealias L4 = Nest<Counter>
    typealias L3 = Nest<L4>
    typealias L2 = Nest<L3>
    typealias L1 = Nest<L2>
    typealias L0 = Nest<L1>
    let initial = L0.State(
      child: .init(child: .init(child: .init(child: .init(child: .init())))))
    let root = Store(initialState: initial) {
      L0(child: L1(child: L2(child: L3(child: L4(child: Counter())))))
    }
    let leaf = root.scope(state: \.child, action: L0.Action.child)
      .scope(state: \.child, action: L1.Action.child)
      .scope(state: \.child, action: L2.Action.child)
      .scope(state: \.child, action: L3.Action.child)
      .scope(state: \.child, action: L4.Action.child)
    measure(run, depth: 5, leaf)
  }

  private static func measure(
    _ run: BenchmarkRun, depth: Int, _ leaf: Store<Counter.State, Counter.Action>
  ) {
    let subscription = leaf.observe { blackHole($0) }
    run.time("scoped.send", variant: "depth", parameter: depth) { leaf.send(.incremented) }
    subscription.cancel()
  }
}
