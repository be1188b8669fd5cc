import Core

/// How a benchmark scopes a store to one element of an identified array.
enum ScopeStyle: String, CaseIterable {
  /// `scope(state: \.rows[id: id], action: { .row(id: id, action: $0) })`: a key path per
  /// element; the parent re-derives every such child after each change.
  case keyPath = "key-path scopes"
  /// `scope(state: \.rows, id: id, action: Action.row)`: the parent keeps element stores by
  /// id and visits only those whose element changed.
  case element = "element scopes"

  @MainActor
  func scope(_ root: Store<Tree.State, Tree.Action>, module: Int) -> Store<
    Tree.Module, Tree.ModuleAction
  > {
    switch self {
    case .keyPath:
      return root.scope(state: \.modules[id: module]) { .module(id: module, action: $0) }!
    case .element:
      return root.scope(state: \.modules, id: module, action: Tree.Action.module)!
    }
  }

  @MainActor
  func scope(_ module: Store<Tree.Module, Tree.ModuleAction>, row: Int) -> Store<
    Tree.Row, Tree.RowAction
  > {
    switch self {
    case .keyPath:
      return module.scope(state: \.rows[id: row]) { .row(id: row, action: $0) }!
    case .element:
      return module.scope(state: \.rows, id: row, action: Tree.ModuleAction.row)!
    }
  }

  @MainActor
  func scope(_ list: Store<OrderList.State, OrderList.Action>, order: Int) -> Store<
    OrderList.Order, OrderList.OrderAction
  > {
    switch self {
    case .keyPath:
      return list.scope(state: \.orders[id: order]) { .order(id: order, action: $0) }!
    case .element:
      return list.scope(state: \.orders, id: order, action: OrderList.Action.order)!
    }
  }
}
