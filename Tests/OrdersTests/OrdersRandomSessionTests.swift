import Core
import CoreTesting
import Orders
import Profile
import Testing

/// Random sessions of the Orders module against its rules: validation (quantities, order
/// numbers), totals and loyalty points, and the order lifecycle.
@MainActor
struct OrdersRandomSessionTests {
  @Test func ordersKeepTheirRules() async {
    let sessions = RandomSessions(initialState: OrdersModuleState(profile: ada)) {
      OrdersFeature()
    } withDependencies: {
      $0.ordersClient = .simulated(stepDuration: .seconds(1))
    }
    sessions.testSource.initialState = "OrdersModuleState(profile: ada)"
    sessions.testSource.dependencies = ["$0.ordersClient = .simulated(stepDuration: .seconds(1))"]
    let skus = Product.catalog.map(\.sku) + ["", "MUG", "no such thing"]
    sessions.invariant("quantities stay within 1 and the maximum") { state in
      state.orders.list.allSatisfy { order in
        order.lines.allSatisfy { (1...LineItem.maximumQuantity).contains($0.quantity) }
      }
    }
    sessions.invariant("the next order number is above every order's") { state in
      state.orders.list.allSatisfy { $0.id < state.orders.nextID }
    }
    sessions.invariant("an order's total is what its lines cost") { state in
      state.orders.list.allSatisfy { order in
        order.total == order.lines.reduce(.zero) { $0 + $1.product.price * $1.quantity }
      }
    }
    sessions.invariant("a submitted order has a recipient and lines") { state in
      state.orders.list.allSatisfy {
        !$0.status.isSubmitted || ($0.recipient != nil && !$0.lines.isEmpty)
      }
    }
    sessions.transition("a confirmed order never changes, but may be deleted") { before, _, after in
      before.orders.list.allSatisfy { order in
        guard case .confirmed = order.status else { return true }
        return after.orders.list[id: order.id].map { $0 == order } ?? true
      }
    }
    sessions.transition("statuses follow the lifecycle") { before, _, after in
      before.orders.list.allSatisfy { order in
        guard let next = after.orders.list[id: order.id] else { return true }
        return Self.mayFollow(order.status, with: next.status)
      }
    }
    sessions.transition("points grow only by the points of the orders just confirmed") {
      before, _, after in
      let confirmed = after.orders.list.filter { order in
        guard case .confirmed = order.status else { return false }
        return before.orders.list[id: order.id]?.status.isSubmitted == true
      }
      let earned = confirmed.reduce(0) { $0 + $1.loyaltyPoints }
      return after.profile.loyaltyPoints - before.profile.loyaltyPoints == earned
    }
    await sessions.run(count: 150, length: 60) { state, next in
      next.send(.view(.newOrderButtonTapped))
      if let id = next.element(of: state.orders.list.ids) {
        let sku = next.element(of: skus) ?? "tea"
        next.send(
          .view(.addItemButtonTapped(orderID: id, sku: sku, quantity: next.int(in: -1...1_000))),
          weight: 4)
        next.send(.view(.quantityChanged(orderID: id, sku: sku, quantity: next.int(in: -1...120))))
        next.send(.view(.removeItemButtonTapped(orderID: id, sku: sku)))
        next.send(.view(.submitButtonTapped(orderID: id)), weight: 3)
        next.send(.view(.retryButtonTapped(orderID: id)))
        next.send(.view(.cancelSubmissionButtonTapped(orderID: id)))
        next.send(.view(.deleteButtonTapped(orderID: id)))
        next.send(.view(.openButtonTapped(orderID: id)))
        next.send(.view(.useAsDefaultAddressButtonTapped(orderID: id)))
      }
      if let action = next.element(of: state.orders.confirmation?.buttons ?? [])?.action {
        next.send(.confirmation(.presented(action)), weight: 3)
      }
      if state.orders.confirmation != nil { next.send(.confirmation(.dismiss)) }
      if !state.orders.path.isEmpty { next.send(.view(.backButtonTapped)) }
      next.advanceClock(by: .seconds(1), weight: 4)
    }
  }

  /// Whether an order's status may change from `status` to `next` in one action.
  static func mayFollow(_ status: OrderStatus, with next: OrderStatus) -> Bool {
    switch (status, next) {
    case (.draft, .draft), (.draft, .submitted(progress: 0)): true
    case (.submitted, .submitted), (.submitted, .confirmed), (.submitted, .failed),
      (.submitted, .cancelled):
      true
    case (.failed, _), (.cancelled, _):
      next == status || next == .draft || next == .submitted(progress: 0)
    case (.confirmed, .confirmed): status == next
    default: false
    }
  }
}
