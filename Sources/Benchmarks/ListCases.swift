import Core
import TestSupport

/// Cases 5 and 6: a list with a store per row, and large collections.
@MainActor
enum ListCases {
  static func run(_ run: BenchmarkRun) {
    if run.wants("flat list") {
      for style in ScopeStyle.allCases {
        for count in [100, 1_000, 10_000] {
          flatList(run, count: count, style: style)
        }
      }
    }
    if run.wants("large state") {
      for count in [1_000, 10_000, 100_000] {
        largeState(run, count: count)
      }
    }
  }

  /// One observed list store and `count` observed order stores; each action changes one
  /// order.
  private static func flatList(_ run: BenchmarkRun, count: Int, style: ScopeStyle) {
    let root = Store(initialState: OrderList.State(count: count)) { OrderList() }
    var notifications = 0
    var subscriptions = [root.observe { _ in notifications += 1 }]
    var orderStores: [Store<OrderList.Order, OrderList.OrderAction>] = []
    for id in 0..<count {
      let orderStore = style.scope(root, order: id)
      orderStores.append(orderStore)
      subscriptions.append(orderStore.observe { _ in notifications += 1 })
    }
    let actions = shuffledIDs(count).map {
      OrderList.Action.order(id: $0, action: .quantityIncremented)
    }
    var next = 0
    notifications = 0
    run.time("flat list", variant: style.rawValue, parameter: count) {
      root.send(actions[next])
      next = next == actions.count - 1 ? 0 : next + 1
    }
    let changes = orderStores.reduce(0) { $0 + $1.state.quantity - 1 }
    precondition(
      notifications == 2 * changes,
      "flat list: \(notifications) notifications for \(changes) changes; expected two each")
    blackHole(subscriptions)
  }

  /// A store observing the whole list and one observing one order; each action changes one
  /// order's quantity.
  private static func largeState(_ run: BenchmarkRun, count: Int) {
    let root = Store(initialState: OrderList.State(count: count)) { OrderList() }
    let listStore = root.scope(state: \.orders)
    var listNotifications = 0
    let listSubscription = listStore.observe { _ in listNotifications += 1 }
    let orderStore = ScopeStyle.element.scope(root, order: 0)
    let orderSubscription = orderStore.observe { blackHole($0) }
    let actions = shuffledIDs(count).prefix(4_096).map {
      OrderList.Action.order(id: $0, action: .quantityIncremented)
    }
    var next = 0
    listNotifications = 0
    var sent = 0
    run.time("large state", parameter: count) {
      root.send(actions[next])
      next = next == actions.count - 1 ? 0 : next + 1
      sent += 1
    }
    precondition(
      listNotifications == sent, "large state: \(listNotifications) notifications for \(sent)")
    blackHole((listSubscription, orderSubscription))
  }

  /// `0..<count` in a fixed pseudo-random order.
  static func shuffledIDs(_ count: Int) -> [Int] {
    var generator = SplitMix64(seed: UInt64(count))
    var ids = Array(0..<count)
    ids.shuffle(using: &generator)
    return ids
  }
}
