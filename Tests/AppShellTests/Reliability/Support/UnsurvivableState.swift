import Orders

@testable import AppShell

/// Values a state file can hold that the app does not survive yet: it traps on integer
/// overflow while rendering or reducing. The fuzz tests skip states with them, and
/// `UnsurvivableStateTests` reproduces each (disabled until fixed).
///
/// Delete a case here when its crash is fixed, and enable its test.
enum UnsurvivableState {
  /// Why `state` would crash the app, or `nil`.
  static func reason(_ state: AppState) -> String? {
    let points = state.profile.loyaltyPoints
    // `ProfilePanel.loyalty`: `next.threshold - points` overflows.
    if points < 0 { return "negative loyalty points (\(points))" }
    // `OrdersFeature` adds an order's points on confirmation: `+=` overflows.
    if points > 1_000_000_000_000 { return "huge loyalty points (\(points))" }
    let lines = state.orders.list.flatMap(\.lines)
    // `LineItem.subtotal`: `price * quantity` overflows, and so can `Order.total`'s sum.
    if lines.contains(where: { !(1...LineItem.maximumQuantity).contains($0.quantity) }) {
      return "a line quantity out of 1...\(LineItem.maximumQuantity)"
    }
    if lines.contains(where: { $0.product.price.minorUnits.magnitude > 1_000_000_000 }) {
      return "an extreme price"
    }
    // `OrdersFeature` on 'order new': `nextID += 1` overflows.
    if state.orders.nextID > 1_000_000_000 { return "an extreme next order id" }
    return nil
  }
}
