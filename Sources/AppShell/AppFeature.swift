import Core
import Orders
import Profile

/// The app's actions: each module's actions, embedded.
enum AppAction: Equatable, Sendable, Codable {
  case profile(ProfileFeature.Action)
  case orders(OrdersFeature.Action)
  /// Undo, redo and the grouping of each command into one step (see ``AppRoot``).
  case history(UndoAction)
}

/// The app's reducer: runs each module on its part of ``AppState`` and logs what the modules
/// report through their delegate actions.
///
/// ```swift
/// let store = Store(initialState: AppState()) { AppFeature() }
/// let profileStore = store.scope(state: \.profile, action: AppAction.profile)
/// let ordersStore = store.scope(state: \.ordersModule, action: AppAction.orders)
/// ```
struct AppFeature: Reducer {
  typealias State = AppState
  typealias Action = AppAction

  var body: some Reducer<State, Action> {
    Scope(state: \.profile, action: AppAction.profile) { ProfileFeature() }
    Scope(state: \.ordersModule, action: AppAction.orders) { OrdersFeature() }
    Reduce { state, action in
      switch action {
      case let .profile(.delegate(.saved(details))):
        state.log("Profile saved for \(details.name).")
      case let .orders(.delegate(.orderConfirmed(id, total, points))):
        state.log("Order #\(id) confirmed: \(total), +\(points) loyalty points.")
      case let .orders(.delegate(.orderFailed(id, reason))):
        state.log("Order #\(id) failed: \(reason)")
      case .profile, .orders, .history:
        break
      }
      return .none
    }
  }
}
