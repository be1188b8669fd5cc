import Core
import Orders
import Profile

@testable import AppShell

/// An app state with a saved profile and a few orders in different states.
func sampleState() -> AppState {
  var state = AppState()
  state.profile = ProfileFeature.State(
    name: "Ada Lovelace", email: "ada@example.org",
    address: ShippingAddress(
      street: "12 Analytical Way", city: "London", postalCode: "N1 7AA", country: "UK"),
    loyaltyPoints: 20)
  state.profile.editor = ProfileEditor.State(
    saved: state.profile.details, draft: .init(email: "ada@lovelace.org"))
  state.orders = OrdersFeature.Orders(list: [
    Order(
      id: 1, lines: [LineItem(product: Product.named("mug")!, quantity: 2)],
      status: .confirmed(code: "SIM-1")),
    Order(id: 2, lines: [LineItem(product: Product.named("tea")!, quantity: 1)]),
  ])
  state.activity = ["Order #1 confirmed: $16.00, +16 loyalty points."]
  return state
}
