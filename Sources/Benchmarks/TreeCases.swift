import Core

/// Cases 4 and 7: many live scopes, one changed row per action, and actions that change
/// nothing.
@MainActor
enum TreeCases {
  static let modules = 100
  static let rowsPerModule = 100

  static func run(_ run: BenchmarkRun) {
    if run.wants("tree fan-out") { fanOut(run) }
    if run.wants("no-op") { noOp(run) }
  }

  private static func fanOut(_ run: BenchmarkRun) {
    for style in ScopeStyle.allCases {
      for live in [1, 100, 1_000, 10_000] {
        let tree = LiveTree(live: live, style: style)
        var next = 0
        run.time("tree fan-out", variant: style.rawValue, parameter: live) {
          tree.root.send(tree.actions[next])
          next = next == tree.actions.count - 1 ? 0 : next + 1
        }
        tree.check()
      }
    }
  }

  private static func noOp(_ run: BenchmarkRun) {
    let idle = Store(initialState: Tree.State(modules: modules, rowsPerModule: rowsPerModule)) {
      Tree()
    }
    run.time("no-op", parameter: 0) { idle.send(.nothingHappened) }
    for style in ScopeStyle.allCases {
      let tree = LiveTree(live: 10_000, style: style)
      run.time("no-op", variant: style.rawValue, parameter: 10_000) {
        tree.root.send(.nothingHappened)
      }
      tree.check()
    }
  }
}
