import Core
import CoreTesting
import Settings
import Testing

/// Random sessions of the settings screen, from a package that depends on the framework: the
/// text size stays within its limits, and a confirmed reset restores the defaults.
@MainActor
@Suite struct SettingsRandomSessionTests {
  @Test func settingsKeepTheirRules() async {
    let sessions = RandomSessions(initialState: SettingsFeature.State()) { SettingsFeature() }
    sessions.invariant("the text size is within its limits") {
      SettingsFeature.textSizes.contains($0.textSize)
    }
    sessions.transition("a confirmed reset restores the defaults") { before, _, after in
      guard before.resetConfirmation != nil, after.resetConfirmation == nil,
        after != before.dismissingConfirmation
      else { return true }
      return after == SettingsFeature.State()
    }
    await sessions.run(count: 100, length: 40) { state, next in
      next.send(.largerTextTapped, weight: 3)
      next.send(.smallerTextTapped, weight: 3)
      next.send(.binding(.set(\.theme, next.element(of: Theme.allCases) ?? .system)))
      next.send(.binding(.set(\.notifications, next.bool())))
      next.send(.resetTapped)
      if state.resetConfirmation != nil {
        next.send(.resetConfirmation(.presented(.confirmed)), weight: 2)
        next.send(.resetConfirmation(.dismiss))
      }
    }
  }
}

extension SettingsFeature.State {
  /// This state with its dialog closed and nothing else changed.
  fileprivate var dismissingConfirmation: Self {
    var state = self
    state.resetConfirmation = nil
    return state
  }
}
