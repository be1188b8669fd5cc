import Core
import Testing

/// The example at the top of README.md, with its printed output checked.
@MainActor
@Suite struct ReadmeExampleTests {
  @Test func readmeExamplePrintsWhatTheReadmeSays() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    struct AppState: Equatable {
      var name = ""
      var cartCount = 0
    }

    enum AppAction {
      case nameChanged(String)
      case addToCartTapped
    }

    let store = Store(initialState: AppState()) {
      Reduce<AppState, AppAction> { state, action in
        switch action {
        case let .nameChanged(name): state.name = name
        case .addToCartTapped: state.cartCount += 1
        }
        return .none
      }
    }

    let nameStore = store.scope(state: \.name)
    let subscription = nameStore.observe { print("name view renders:", $0) }

    store.send(.addToCartTapped)
    store.send(.nameChanged("Ada"))
    store.send(.addToCartTapped)
    print("cart:", store.state.cartCount)

    withExtendedLifetime(subscription) {}
    #expect(output == ["name view renders: ", "name view renders: Ada", "cart: 2"])
  }
}
