import Core
import Orders
import Profile

/// What `undo` and `redo` revert and re-apply: the profile and the orders, not the screens open
/// or the activity log.
struct AppEdits: Equatable, Sendable {
  var profile: ProfileFeature.State
  var orders: IdentifiedArray<Order>
  var nextOrderID: Order.ID
}

extension AppState {
  /// The part of the state that undo restores.
  var edits: AppEdits {
    get { AppEdits(profile: profile, orders: orders.list, nextOrderID: orders.nextID) }
    set {
      profile = newValue.profile
      orders.list = newValue.orders
      orders.nextID = newValue.nextOrderID
    }
  }
}
