import Core
import CoreTesting
import Orders
import Profile

/// Random sessions of the Orders module: the steps a user can take, and the rules Orders keeps
/// (validation, totals and points, the order lifecycle). The Orders tests run them on the
/// feature, and the planted-bug tests and the Benchmarks' detection report on its mutants.
@MainActor
public enum OrdersSessions {
  /// A profile that can order: a saved name and a default address.
  public static let profile = ProfileFeature.State(
    name: "Ada Lovelace", email: "ada@example.org",
    address: ShippingAddress(
      street: "12 Analytical Way", city: "London", postalCode: "N1 7AA", country: "UK"))

  /// Sessions of `reducer` (Orders, or a mutant of it) from an empty order list, with the
  /// simulated order service and every rule.
  public static func sessions<R: Reducer>(
    of reducer: @escaping () -> R
  ) -> RandomSessions<OrdersModuleState, OrdersFeature.Action>
  where R.State == OrdersModuleState, R.Action == OrdersFeature.Action {
    let sessions = RandomSessions(initialState: OrdersModuleState(profile: profile)) {
      reducer()
    } withDependencies: {
      $0.ordersClient = .simulated(stepDuration: .seconds(1))
    }
    sessions.testSource.initialState = "OrdersModuleState(profile: ada)"
    sessions.testSource.dependencies = ["$0.ordersClient = .simulated(stepDuration: .seconds(1))"]
    addRules(to: sessions)
    return sessions
  }

  static let skus = Product.catalog.map(\.sku) + ["", "MUG", "no such thing"]

  /// The steps a user of the Orders screens can take.
  public static func steps(_ state: OrdersModuleState, _ next: NextSteps<OrdersFeature.Action>) {
    next.send(.view(.newOrderButtonTapped))
    if let order = next.element(of: state.orders.list) {
      let id = order.id
      // What the order's panel offers for its status is what a user does most; the rest can
      // still be typed, and is tried less often.
      let offered = offers(order.status)
      func weight(_ command: Offer, _ often: Int) -> Int {
        offered.contains(command) ? often : 1
      }
      next.send(
        .view(
          .addItemButtonTapped(
            orderID: id, sku: next.element(of: skus) ?? "tea", quantity: next.int(in: -1...1_000))),
        weight: weight(.add, 4))
      // A line's stepper and remove button, as the screen shows them; and, rarely, a product
      // the order does not hold.
      let sku = next.element(of: order.lines.ids) ?? next.element(of: skus) ?? "tea"
      next.send(
        .view(.quantityChanged(orderID: id, sku: sku, quantity: next.int(in: -1...120))),
        weight: weight(.add, 2))
      next.send(.view(.removeItemButtonTapped(orderID: id, sku: sku)))
      next.send(.view(.submitButtonTapped(orderID: id)), weight: weight(.submit, 3))
      next.send(.view(.retryButtonTapped(orderID: id)), weight: weight(.retry, 3))
      next.send(.view(.cancelSubmissionButtonTapped(orderID: id)), weight: weight(.cancel, 3))
      next.send(.view(.deleteButtonTapped(orderID: id)))
      next.send(.view(.openButtonTapped(orderID: id)))
      next.send(.view(.useAsDefaultAddressButtonTapped(orderID: id)))
    }
    for button in state.orders.confirmation?.buttons ?? [] {
      if let action = button.action { next.send(.confirmation(.presented(action)), weight: 3) }
    }
    if state.orders.confirmation != nil { next.send(.confirmation(.dismiss)) }
    if !state.orders.path.isEmpty { next.send(.view(.backButtonTapped)) }
    next.advanceClock(by: .seconds(1), weight: 4)
  }

  /// What the Orders panel offers to do with an order.
  enum Offer {
    case add, submit, cancel, retry
  }

  /// What the Orders panel offers for an order with `status`, as its list of commands does.
  static func offers(_ status: OrderStatus) -> [Offer] {
    switch status {
    case .draft: [.add, .submit]
    case .submitted: [.cancel]
    case .confirmed: []
    case .failed, .cancelled: [.add, .retry]
    }
  }

  /// The rules every session of Orders keeps.
  public static func addRules(
    to sessions: RandomSessions<OrdersModuleState, OrdersFeature.Action>
  ) {
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
    sessions.transition("a confirmed order never changes, but may be deleted") {
      before, _, after in
      before.orders.list.allSatisfy { order in
        guard case .confirmed = order.status else { return true }
        return after.orders.list[id: order.id].map { $0 == order } ?? true
      }
    }
    sessions.transition("statuses follow the lifecycle") { before, _, after in
      before.orders.list.allSatisfy { order in
        guard let next = after.orders.list[id: order.id] else { return true }
        return mayFollow(order.status, with: next.status)
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
  }

  /// Whether an order's status may change from `status` to `next` in one action.
  public static func mayFollow(_ status: OrderStatus, with next: OrderStatus) -> Bool {
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
