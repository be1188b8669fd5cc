import Core
import CoreTesting
import Testing

// The examples of the "Bindings" article (Sources/Core/Documentation.docc/Bindings.md),
// run as tests.

struct SettingsFeature: Reducer {
  struct State: Equatable, Sendable {
    var nickname = ""
    var volume = 5
    var isMuted = false
  }

  enum Action: BindableAction, Equatable, Sendable {
    case binding(BindingAction<State>)
    case resetButtonTapped
  }

  var body: some Reducer<State, Action> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.isMuted):
        state.volume = state.isMuted ? 0 : 5
        return .none
      case .binding:
        return .none
      case .resetButtonTapped:
        state = State()
        return .none
      }
    }
  }
}

@MainActor
@Suite struct BindingsArticleTests {
  @MainActor
  @Test func mutingSilences() async {
    let store = TestStore(initialState: SettingsFeature.State()) { SettingsFeature() }

    await store.send(.binding(.set(\.nickname, "Ada"))) {
      $0.nickname = "Ada"
    }
    await store.send(.binding(.set(\.isMuted, true))) {
      $0.isMuted = true
      $0.volume = 0
    }
  }
}
