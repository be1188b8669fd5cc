import Core
import Settings

/// A small app hosting the settings module next to state that is not saved.
struct HostApp: Reducer {
  struct State: Equatable, Sendable {
    var settings: SettingsFeature.State
    var launches = 0
  }

  enum Action: Equatable, Sendable {
    case opened
    case settings(SettingsFeature.Action)
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.settings, action: Action.settings) { SettingsFeature() }
    Reduce { state, action in
      if action == .opened { state.launches += 1 }
      return .none
    }
  }
}
