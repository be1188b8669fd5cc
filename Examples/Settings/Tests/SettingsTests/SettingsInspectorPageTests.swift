import Core
import Foundation
import Settings
import Testing

/// The inspector page of a settings session, made with the framework's public API by a
/// package that depends on it. With `INSPECTOR_PAGES` set to a folder, the page is written
/// there for the framework's headless-browser check.
@MainActor
@Suite struct SettingsInspectorPageTests {
  @Test func aSettingsSessionsPageShowsItsBindingsAndTheDialog() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("settings-inspector-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("settings.jsonl")
    let recorder = try SessionRecorder<SettingsFeature.State, SettingsFeature.Action>(
      fileAt: url, initialState: SettingsFeature.State())
    let store = Store(initialState: SettingsFeature.State(), recordingTo: recorder) {
      SettingsFeature()
    }
    store.send(.binding(.set(\.theme, .dark)))
    store.send(.largerTextTapped)
    store.send(.binding(.set(\.notifications, false)))
    store.send(.resetTapped)
    store.send(.resetConfirmation(.presented(.confirmed)))
    try recorder.finish()
    let recording = try Recording<SettingsFeature.State, SettingsFeature.Action>(
      contentsOf: url)

    let page = try recording.inspectorPage(with: SettingsFeature(), title: "Settings session")

    #expect(page.stepCount == 5 && page.difference == nil)
    #expect(page.html.contains("resetConfirmation"))
    if let pages = ProcessInfo.processInfo.environment["INSPECTOR_PAGES"] {
      try page.write(to: URL(fileURLWithPath: pages).appendingPathComponent("settings.html"))
    }
  }
}
