import Core

/// An app whose feature sees a computed module state, as the app shell's Orders module does:
/// the app stores the profile and the orders once each, and `module` assembles them for the
/// feature, with a setter that writes both back.
struct ModuleApp: Reducer {
  /// The feature: it counts its own orders and reads the shared profile.
  struct Module: Reducer {
    struct State: Equatable, Sendable {
      var orders: Counter.State
      var profile: Counter.State
    }

    typealias Action = Counter.Action

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      _ = Counter().reduce(into: &state.orders, action: action)
      return .none
    }
  }

  struct State: Equatable, Sendable {
    var profile = Counter.State()
    var orders = Counter.State()

    var module: Module.State {
      get { Module.State(orders: orders, profile: profile) }
      set {
        orders = newValue.orders
        profile = newValue.profile
      }
    }
  }

  enum Action: Equatable, Sendable {
    case module(Module.Action)
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.module, action: Action.module) { Module() }
  }
}
