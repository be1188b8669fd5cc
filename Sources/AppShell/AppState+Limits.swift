import Core
import Orders

extension AppState {
  /// The largest values a state file may hold. The app never produces more (quantities and
  /// order numbers are checked by the Orders reducer, prices come from the catalog, points
  /// grow by small steps); a file with larger values was edited or damaged, and arithmetic on
  /// them could overflow.
  enum Limits {
    static let loyaltyPoints = 0...1_000_000_000
    static let price = 0...1_000_000_000
    static let orderID = 1...Order.maximumID
    /// The next order number: one above ``orderID`` once the last number is taken.
    static let nextOrderID = 1...(Order.maximumID + 1)
  }

  /// What in this state is out of the range the app works in, or `nil` when all is in range.
  ///
  /// Also out of range: a next order number not above every order's, which a new order would
  /// collide with.
  var outOfRangeValue: String? {
    if !Limits.loyaltyPoints.contains(profile.loyaltyPoints) {
      return "loyalty points \(profile.loyaltyPoints) are outside \(Limits.loyaltyPoints)"
    }
    if !Limits.nextOrderID.contains(orders.nextID) {
      return "the next order number \(orders.nextID) is outside \(Limits.nextOrderID)"
    }
    for screen in orders.path where !Limits.orderID.contains(screen.orderID) {
      return "an open screen shows order number \(screen.orderID), outside \(Limits.orderID)"
    }
    for order in orders.list {
      if !Limits.orderID.contains(order.id) {
        return "order number \(order.id) is outside \(Limits.orderID)"
      }
      for line in order.lines {
        if !(1...LineItem.maximumQuantity).contains(line.quantity) {
          return "order #\(order.id) has \(line.quantity) × '\(line.product.sku)'; quantities "
            + "are 1...\(LineItem.maximumQuantity)"
        }
        if !Limits.price.contains(line.product.price.minorUnits) {
          return "order #\(order.id) prices '\(line.product.sku)' at "
            + "\(line.product.price.minorUnits) minor units, outside \(Limits.price)"
        }
      }
    }
    if let highest = orders.list.max(by: { $0.id < $1.id }), orders.nextID <= highest.id {
      return "the next order number \(orders.nextID) is not above order #\(highest.id); new "
        + "orders would take numbers in use"
    }
    return nil
  }

  /// Closes the open order screens that show no existing order, or an order already shown
  /// lower on the stack: a state file edited by hand can hold them, and the app never makes
  /// them. Keeps the stack no deeper than the number of orders.
  mutating func closeStrayScreens() {
    var seen: Set<Int> = []
    let kept = orders.path.filter { screen in
      orders.list[id: screen.orderID] != nil && seen.insert(screen.orderID).inserted
    }
    if kept.count != orders.path.count { orders.path = StackState(kept) }
  }
}
