import Core
import CoreTesting
import Orders
import Profile
import Testing

@testable import AppShell

/// Random sessions of the app's root feature across both modules: the Orders module works on
/// a state computed from the stored profile and orders, and what it changes there must land
/// in the stored parts, consistently with what the Profile module saves.
@MainActor
struct AppRandomSessionTests {
  @Test func theModulesShareOneProfile() async {
    let initial = AppState(
      profile: ProfileFeature.State(
        name: "Ada", email: "ada@example.org",
        address: ShippingAddress(
          street: "1 Main St", city: "Springfield", postalCode: "12345", country: "US")))
    let sessions = RandomSessions(initialState: initial) {
      AppFeature()
    } withDependencies: {
      $0.ordersClient = .simulated(stepDuration: .seconds(1))
      $0.profileClient = .simulated(latency: .milliseconds(500))
    }
    let names = ["Ada", "Grace Hopper", "", "  "]
    let addresses = [
      ShippingAddress(street: "2 Elm St", city: "Shelbyville", postalCode: "54321", country: "US"),
      ShippingAddress(),
    ]
    sessions.invariant("the orders module reads the stored profile and orders") { state in
      state.ordersModule == OrdersModuleState(orders: state.orders, profile: state.profile)
    }
    sessions.invariant("the activity log keeps the last five events") {
      $0.activity.count <= AppState.activityLimit
    }
    sessions.transition("an order is submitted to the stored profile's name") { before, _, after in
      after.orders.list.allSatisfy { order in
        guard order.status == .submitted(progress: 0),
          before.orders.list[id: order.id]?.status.isSubmitted == false
        else { return true }
        return order.recipient?.name == after.profile.name
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
    await sessions.run(count: 100, length: 40) { state, next in
      next.send(.profile(.view(.nameChanged(next.element(of: names) ?? ""))))
      next.send(.profile(.view(.addressChanged(next.element(of: addresses) ?? .init()))))
      if state.profile.editor != nil {
        next.send(.profile(.editor(.presented(.view(.saveButtonTapped)))), weight: 2)
      }
      next.send(.orders(.view(.newOrderButtonTapped)))
      if let id = next.element(of: state.orders.list.ids) {
        next.send(
          .orders(
            .view(.addItemButtonTapped(orderID: id, sku: "mug", quantity: next.int(in: 1...9)))),
          weight: 2)
        next.send(.orders(.view(.submitButtonTapped(orderID: id))), weight: 2)
        next.send(.orders(.view(.retryButtonTapped(orderID: id))))
        next.send(
          .orders(
            .view(
              .shippingAddressChanged(orderID: id, next.element(of: addresses.prefix(1))))))
        next.send(.orders(.view(.useAsDefaultAddressButtonTapped(orderID: id))))
      }
      next.advanceClock(by: .seconds(1), weight: 3)
    }
  }
}
