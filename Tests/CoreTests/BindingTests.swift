import Core
import CoreTesting
import Testing

struct BindingSettingsFeature: Reducer {
  struct State: Equatable, Sendable {
    var nickname = ""
    var volume = 5
    var isMuted = false
    var changes = 0
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
        state.changes += 1
        return .none
      case .resetButtonTapped:
        state = State()
        return .none
      }
    }
  }
}

@MainActor
@Suite struct BindingTests {
  @Test func aBindingSetsItsField() async {
    let store = TestStore(initialState: BindingSettingsFeature.State()) { BindingSettingsFeature() }

    await store.send(.binding(.set(\.nickname, "Ada"))) {
      $0.nickname = "Ada"
      $0.changes = 1
    }
    await store.send(.binding(.set(\.volume, 7))) {
      $0.volume = 7
      $0.changes = 2
    }
  }

  @Test func aReducerMatchesOneFieldWithAKeyPath() async {
    let store = TestStore(initialState: BindingSettingsFeature.State()) { BindingSettingsFeature() }

    // The `case .binding(\.isMuted)` branch ran, after BindingReducer set the field.
    await store.send(.binding(.set(\.isMuted, true))) {
      $0.isMuted = true
      $0.volume = 0
    }
  }

  @Test func otherActionsAreLeftToTheFeature() async {
    let store = TestStore(initialState: BindingSettingsFeature.State(nickname: "Ada")) {
      BindingSettingsFeature()
    }

    await store.send(.resetButtonTapped) { $0.nickname = "" }
  }

  @Test func bindingActionsAreEqualWhenTheySetTheSameFieldToTheSameValue() {
    typealias Binding = BindingAction<BindingSettingsFeature.State>
    #expect(Binding.set(\.nickname, "Ada") == .set(\.nickname, "Ada"))
    #expect(Binding.set(\.nickname, "Ada") != .set(\.nickname, "Grace"))
    #expect(Binding.set(\.volume, 0) != .set(\.changes, 0))
    #expect(\BindingSettingsFeature.State.nickname ~= Binding.set(\.nickname, "Ada"))
    #expect(!(\BindingSettingsFeature.State.volume ~= Binding.set(\.nickname, "Ada")))
  }

  @Test func aBindingActionDescribesItsFieldAndValue() {
    let action = BindingAction<BindingSettingsFeature.State>.set(\.nickname, "Ada")
    #expect(action.debugDescription == #".set(\State.nickname, "Ada")"#)
  }

  @Test func aWrongExpectationNamesTheBinding() async {
    let store = TestStore(initialState: BindingSettingsFeature.State()) { BindingSettingsFeature() }

    let failures = await capturingTestFailures {
      await store.send(.binding(.set(\.nickname, "Ada"))) {
        $0.nickname = "Grace"
        $0.changes = 1
      }
    }
    #expect(failures.count == 1)
    let text = failures.first?.message ?? ""
    #expect(text.contains(#"send(.binding(.set(\.nickname, "Ada")))"#))
    #expect(text.contains("nickname"))
  }
}
