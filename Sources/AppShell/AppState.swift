import Core
import Orders
import Profile

/// The whole app's state: each module's state stored once, plus the app's activity log.
///
/// The profile is stored here only; the Orders module sees it through ``ordersModule``, a
/// computed module state whose setter writes its changes back.
struct AppState: Equatable, Sendable, Codable {
  /// The Profile module's state, and the one true profile the Orders module shares.
  var profile = ProfileFeature.State()
  /// The Orders module's own state.
  var orders = OrdersFeature.Orders()
  /// Recent events the modules reported, newest last, at most ``activityLimit``.
  var activity: [String] = []
  /// The undo history of ``edits``, kept by ``AppRoot``. Not saved: as in most editors, it ends
  /// when the app quits, and `undo` after a restart says so.
  var history = UndoHistory<AppEdits>()

  private enum CodingKeys: String, CodingKey {
    case profile, orders, activity
  }

  /// How many events ``activity`` keeps.
  static let activityLimit = 5

  /// The Orders module's state, assembled from the stored orders and profile.
  var ordersModule: OrdersModuleState {
    get { OrdersModuleState(orders: orders, profile: profile) }
    set {
      orders = newValue.orders
      profile = newValue.profile
    }
  }

  /// Adds an event to ``activity``, dropping the oldest beyond the limit.
  mutating func log(_ event: String) {
    activity.append(event)
    if activity.count > Self.activityLimit {
      activity.removeFirst(activity.count - Self.activityLimit)
    }
  }
}
