import Core
import CoreTesting
import Settings
import Testing

/// The reducer alone: no file is involved.
@MainActor
@Suite struct SettingsFeatureTests {
  @Test func editsChangeTheSettingsWithinTheirLimits() async {
    let store = TestStore(initialState: SettingsFeature.State(textSize: 27)) {
      SettingsFeature()
    }
    await store.send(.binding(.set(\.theme, .dark))) { $0.theme = .dark }
    await store.send(.largerTextTapped) { $0.textSize = 28 }
    await store.send(.largerTextTapped)
    await store.send(.binding(.set(\.notifications, false))) { $0.notifications = false }
  }

  @Test func resettingAsksFirst() async {
    let store = TestStore(initialState: SettingsFeature.State(theme: .dark, textSize: 20)) {
      SettingsFeature()
    }
    let dialog = ConfirmationDialogState<SettingsFeature.Action.Reset>(
      title: "Reset all settings?",
      buttons: [
        ButtonState(role: .destructive, action: .confirmed, label: "Reset"),
        ButtonState(role: .cancel, label: "Cancel"),
      ])
    await store.send(.resetTapped) { $0.resetConfirmation = dialog }
    await store.send(.resetConfirmation(.dismiss)) { $0.resetConfirmation = nil }
    await store.send(.resetTapped) { $0.resetConfirmation = dialog }
    await store.send(.resetConfirmation(.presented(.confirmed))) {
      $0 = SettingsFeature.State()
    }
  }

  @Test func theTextNeverGetsSmallerThanTheSmallestSize() async {
    let store = TestStore(initialState: SettingsFeature.State(textSize: 11)) {
      SettingsFeature()
    }
    await store.send(.smallerTextTapped) { $0.textSize = 10 }
    await store.send(.smallerTextTapped)
  }
}
