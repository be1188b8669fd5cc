import Core
import Orders
import Profile

@testable import AppShell

/// A long name, at the 60-character limit, for screens that must cut it.
let longName = "Maria Magdalena Fernández-Montgomery von Hohenzollern-Sigmar"

/// An app state with a long name and address, `orders` orders in every status (some with
/// their own long address), a problem, and a full activity log.
func matrixState(orders count: Int) -> AppState {
  var state = AppState()
  let address = ShippingAddress(
    street: "1234 Extraordinarily Long Boulevard of the Analytical Engines, Building 7",
    city: "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch", postalCode: "LL61 5UJ",
    country: "United Kingdom of Great Britain and Northern Ireland")
  state.profile = ProfileFeature.State(
    name: longName, email: "maria.magdalena@fernandez-montgomery.example.org", address: address,
    loyaltyPoints: 250)
  state.profile.editor = ProfileEditor.State(
    saved: state.profile.details, draft: .init(name: longName + "!"))
  var list: IdentifiedArray<Order> = []
  for id in stride(from: 1, through: count, by: 1) {
    let statuses: [OrderStatus] = [
      .draft, .confirmed(code: "SIM-\(id)"), .failed(reason: "Declined: over the limit."),
      .cancelled,
    ]
    let lines: IdentifiedArray<LineItem> = [
      LineItem(product: Product.catalog[id % Product.catalog.count], quantity: id % 9 + 1),
      LineItem(product: Product.catalog[(id + 1) % Product.catalog.count], quantity: 2),
    ]
    _ = list.append(
      Order(
        id: id, lines: lines, shippingAddress: id.isMultiple(of: 3) ? address : nil,
        status: statuses[id % statuses.count]))
  }
  state.orders = OrdersFeature.Orders(list: list)
  for index in 1...AppState.activityLimit {
    state.log("Order #\(index) confirmed: $20.50, +20 loyalty points, for \(longName).")
  }
  return state
}
