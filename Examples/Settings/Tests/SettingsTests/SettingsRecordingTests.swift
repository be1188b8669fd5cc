import Core
import CoreTesting
import Foundation
import Settings
import Testing

/// A session of the settings screen, bindings and the reset dialog included, records and
/// replays with no `Codable` code beyond `bindingFields`.
@MainActor
@Suite struct SettingsRecordingTests {
  @Test func aSessionRecordsAndATestGoesOnFromIt() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("settings-recording-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("session.jsonl")

    let recorder = try SessionRecorder<SettingsFeature.State, SettingsFeature.Action>(
      fileAt: url, initialState: SettingsFeature.State())
    let store = Store(initialState: SettingsFeature.State(), recordingTo: recorder) {
      SettingsFeature()
    }
    store.send(.binding(.set(\.theme, .dark)))
    store.send(.largerTextTapped)
    store.send(.binding(.set(\.notifications, false)))
    store.send(.resetTapped)
    try recorder.finish()

    let text = try String(contentsOf: url, encoding: .utf8)
    #expect(text.contains(#""field":"theme","value":"dark""#))
    #expect(text.contains(#""label":"Reset""#))

    let recording = try Recording<SettingsFeature.State, SettingsFeature.Action>(
      contentsOf: url)
    #expect(try recording.replay { SettingsFeature() } == store.state)

    // The session up to the dialog, and a test of what the dialog's button does.
    let test = try TestStore(replaying: recording) { SettingsFeature() }
    #expect(test.state.resetConfirmation?.title == "Reset all settings?")
    await test.send(.resetConfirmation(.presented(.confirmed))) {
      $0 = SettingsFeature.State()
    }
  }

  @Test func aFileSavedBeforeTheDialogExistedLoads() throws {
    let data = Data(#"{"theme":"dark","textSize":20,"notifications":false}"#.utf8)
    let state = try JSONDecoder().decode(SettingsFeature.State.self, from: data)
    #expect(state == SettingsFeature.State(theme: .dark, textSize: 20, notifications: false))
  }
}
