import Core

/// Case 8: memory per live scoped store with one observer.
///
/// Resident memory grows by whole pages and `malloc` reuses memory freed earlier, so the case
/// first creates a batch of 10,000 stores to settle the heap, then reports how much resident
/// memory the next 10,000 add, divided by 10,000. Every store stays alive until the case ends.
@MainActor
enum MemoryCases {
  static let storeCount = 10_000

  static func run(_ run: BenchmarkRun) {
    guard run.wants("memory") else { return }
    var keep: [Any] = []
    for style in ScopeStyle.allCases {
      keep.append(makeStores(style))
      let before = Platform.residentBytes
      keep.append(makeStores(style))
      let after = Platform.residentBytes
      if let before, let after {
        run.record(
          Measurement(
            name: "memory", variant: style.rawValue, parameter: storeCount,
            value: Double(after - before) / Double(storeCount), unit: .bytesPerStore))
      }
    }
    blackHole(keep)
  }

  /// A list of `storeCount` orders and a scoped store with one observer for each order.
  private static func makeStores(_ style: ScopeStyle) -> [Any] {
    let root = Store(initialState: OrderList.State(count: storeCount)) { OrderList() }
    var stores: [Store<OrderList.Order, OrderList.OrderAction>] = []
    var subscriptions: [StoreSubscription] = []
    stores.reserveCapacity(storeCount)
    subscriptions.reserveCapacity(storeCount)
    // Build the root and the arrays first: only the stores should count.
    let _ = root.state
    for id in 0..<storeCount {
      let store = style.scope(root, order: id)
      stores.append(store)
      subscriptions.append(store.observe { blackHole($0) })
    }
    return [root, stores, subscriptions]
  }
}
