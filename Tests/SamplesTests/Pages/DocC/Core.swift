import Core
import Orders
import Profile
import Testing

// The example of the Core documentation's landing page (Sources/Core/Documentation.docc/
// Core.md): the app's reducer, then its store and a scoped one, with the output checked.

struct AppFeature: Reducer {
  struct State: Equatable, Sendable {
    var profile = ProfileFeature.State()
    var orders = OrdersFeature.Orders()

    var ordersModule: OrdersModuleState {
      get { OrdersModuleState(orders: orders, profile: profile) }
      set {
        orders = newValue.orders
        profile = newValue.profile
      }
    }
  }

  enum Action: Equatable, Sendable {
    case profile(ProfileFeature.Action)
    case orders(OrdersFeature.Action)
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.profile, action: Action.profile) { ProfileFeature() }
    Scope(state: \.ordersModule, action: Action.orders) { OrdersFeature() }
  }
}

@MainActor
@Suite struct CoreLandingPageExampleTests {
  @Test func printsWhatThePageSays() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    let appStore = Store(initialState: AppFeature.State()) { AppFeature() }
    let profileStore = appStore.scope(state: \.profile, action: AppFeature.Action.profile)

    let subscription = profileStore.observe { profile in
      print("render profile:", profile.editedDetails.name)
    }
    profileStore.send(.view(.nameChanged("Ada")))  // the root reducer handles .profile(.view(...))
    appStore.send(.orders(.view(.newOrderButtonTapped)))  // the profile store is not notified

    #expect(output == ["render profile: ", "render profile: Ada"])
    #expect(appStore.state.orders.list.count == 1)
    subscription.cancel()
  }
}
