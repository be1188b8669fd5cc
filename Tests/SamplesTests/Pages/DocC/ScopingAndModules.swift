import Core
import Orders
import Profile
import Testing

// The samples of the "Scoping and modules" article
// (Sources/Core/Documentation.docc/ScopingAndModules.md): an app of the shipped Profile and
// Orders modules, its scoped stores, and routing written out.

enum ScopingAndModulesArticle {
  struct AppState: Equatable {
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
  enum AppAction { case profile(ProfileFeature.Action), orders(OrdersFeature.Action) }

  struct AppFeature: Reducer {
    var body: some Reducer<AppState, AppAction> {
      Scope(state: \.profile, action: AppAction.profile) { ProfileFeature() }
      Scope(state: \.ordersModule, action: AppAction.orders) { OrdersFeature() }
    }
  }

  /// The app with the profile's routing checked by the compiler.
  struct CheckedAppFeature: Reducer {
    var body: some Reducer<AppState, AppAction> {
      Scope(
        state: \.profile,
        action: AnyCasePath(
          embed: { .profile($0) },
          extract: { if case let .profile(action) = $0 { action } else { nil } }
        )
      ) {
        ProfileFeature()
      }
    }
  }

  @MainActor
  @Test static func eachModuleGetsAStoreOfItsOwnState() {
    let appStore = Store(initialState: AppState()) { AppFeature() }
    let profileStore: Store<ProfileFeature.State, ProfileFeature.Action> =
      appStore.scope(state: \.profile, action: AppAction.profile)
    profileStore.send(.view(.editButtonTapped))
    #expect(appStore.state.profile.editor != nil)

    // An Orders action that changes the profile writes it into the one profile.
    let ordersStore = appStore.scope(state: \.ordersModule, action: AppAction.orders)
    ordersStore.send(.view(.newOrderButtonTapped))
    let address = ShippingAddress(
      street: "1 Main St", city: "Springfield", postalCode: "12345", country: "US")
    ordersStore.send(.view(.shippingAddressChanged(orderID: 1, address)))
    ordersStore.send(.view(.useAsDefaultAddressButtonTapped(orderID: 1)))
    #expect(profileStore.state.address == address)
  }

  @MainActor
  @Test static func anAnyCasePathRoutesLikeTheConstructor() {
    let store = Store(initialState: AppState()) { CheckedAppFeature() }
    store.send(.profile(.view(.editButtonTapped)))
    #expect(store.state.profile.editor != nil)
  }
}

/// Actions that are not enum cases: the inverse of the embedding, given as `extract:`.
enum ScopingAndModulesStructActions {
  struct SearchFeature: Reducer {
    struct State: Equatable { var query = "" }
    enum Action: Equatable { case queryChanged(String) }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case let .queryChanged(query):
          state.query = query
          return .none
        }
      }
    }
  }

  struct AppState: Equatable { var search = SearchFeature.State() }

  struct AppAction: Equatable {
    enum Kind: Equatable { case search(SearchFeature.Action) }
    var kind: Kind
  }

  struct AppFeature: Reducer {
    var body: some Reducer<AppState, AppAction> {
      Scope(
        state: \.search, action: { AppAction(kind: .search($0)) },
        extract: { if case let .search(action) = $0.kind { action } else { nil } }
      ) {
        SearchFeature()
      }
    }
  }

  @MainActor
  @Test static func theSearchGetsItsActions() {
    let store = Store(initialState: AppState()) { AppFeature() }
    store.send(AppAction(kind: .search(.queryChanged("lamp"))))
    #expect(store.state.search.query == "lamp")
  }
}
