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
    await store.send(.themePicked(.dark)) { $0.theme = .dark }
    await store.send(.largerTextTapped) { $0.textSize = 28 }
    await store.send(.largerTextTapped)
    await store.send(.notificationsToggled) { $0.notifications = false }
    await store.send(.resetTapped) { $0 = SettingsFeature.State() }
  }

  @Test func theTextNeverGetsSmallerThanTheSmallestSize() async {
    let store = TestStore(initialState: SettingsFeature.State(textSize: 11)) {
      SettingsFeature()
    }
    await store.send(.smallerTextTapped) { $0.textSize = 10 }
    await store.send(.smallerTextTapped)
  }
}
