import Core

/// A tree of `Tree` stores: `live` observed row stores spread over as few module stores as
/// the 100 × 100 layout allows (1 → 1 × 1, 100 → 1 × 100, 1,000 → 10 × 100).
@MainActor
final class LiveTree {
  let root: Store<Tree.State, Tree.Action>
  private(set) var rowStores: [Store<Tree.Row, Tree.RowAction>] = []
  private(set) var moduleStores: [Store<Tree.Module, Tree.ModuleAction>] = []
  private var subscriptions: [StoreSubscription] = []
  /// One action per observed row, each changing that row.
  private(set) var actions: [Tree.Action] = []
  private var notifications = 0

  init(live: Int, style: ScopeStyle) {
    root = Store(
      initialState: Tree.State(modules: TreeCases.modules, rowsPerModule: TreeCases.rowsPerModule)
    ) { Tree() }
    let rowsPerModule = min(live, TreeCases.rowsPerModule)
    let moduleCount = live / rowsPerModule
    var actions: [Tree.Action] = []
    for module in 0..<moduleCount {
      let moduleStore = style.scope(root, module: module)
      moduleStores.append(moduleStore)
      for offset in 0..<rowsPerModule {
        let rowID = module * TreeCases.rowsPerModule + offset
        let rowStore = style.scope(moduleStore, row: rowID)
        rowStores.append(rowStore)
        subscriptions.append(rowStore.observe { [unowned self] _ in self.notifications += 1 })
        actions.append(.module(id: module, action: .row(id: rowID, action: .incremented)))
      }
    }
    // Interleave modules so that consecutive actions touch different modules.
    self.actions = (0..<actions.count).map { actions[($0 * 101) % actions.count] }
  }

  /// Checks that every row store saw its changes: the figures are of working stores.
  func check() {
    let expected = rowStores.reduce(0) { $0 + 1 + $1.state.value }
    precondition(
      notifications == expected,
      "LiveTree observers were notified \(notifications) times; expected \(expected)")
  }
}
