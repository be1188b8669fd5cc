import Core
import Orders
import Profile

/// A minimal parent storing the profile once, as the app does.
struct ProfileAndOrders: Equatable {
  var profile = ProfileFeature.State()
  var orders = OrdersFeature.Orders()

  var module: OrdersModuleState {
    get { OrdersModuleState(orders: orders, profile: profile) }
    set {
      orders = newValue.orders
      profile = newValue.profile
    }
  }

  enum Action: Equatable {
    case profile(ProfileFeature.Action)
    case orders(OrdersFeature.Action)
  }

  struct Feature: Reducer {
    var body: some Reducer<ProfileAndOrders, Action> {
      Scope(state: \.profile, action: Action.profile) { ProfileFeature() }
      Scope(state: \.module, action: Action.orders) { OrdersFeature() }
    }
  }
}
