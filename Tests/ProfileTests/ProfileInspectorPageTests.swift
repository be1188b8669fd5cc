import Core
import Foundation
import Profile
import Testing

/// A Profile session's inspector page: the editor presented and dismissed, a save whose effect
/// fed back its result, and text a browser must show as text. With `INSPECTOR_PAGES` set to a
/// folder, the page is written there for the headless-browser check (.ci/inspector-browser-check).
@MainActor
@Suite struct ProfileInspectorPageTests {
  @Test func aProfileSessionsPageShowsEachStepAndTheFeedback() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("profile-inspector-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("profile.jsonl")
    let recorder = try SessionRecorder<ProfileFeature.State, ProfileFeature.Action>(
      fileAt: url, initialState: ProfileFeature.State())
    let store = Store(initialState: ProfileFeature.State(), recordingTo: recorder) {
      ProfileFeature()
    } withDependencies: {
      $0.profileClient.save = { _ in }
    }
    store.send(.view(.nameChanged("Ada </script><b>Lovelace</b>")))
    store.send(.view(.emailChanged("ada@example.org")))
    store.send(
      .view(
        .addressChanged(
          ShippingAddress(
            street: "12 St James's Square", city: "London", postalCode: "SW1Y 4JH",
            country: "United Kingdom"))))
    await store.send(.editor(.presented(.view(.saveButtonTapped)))).finish()
    store.send(.view(.nameChanged("Ada King")))
    store.send(.editor(.presented(.view(.discardChangesButtonTapped))))
    try recorder.finish()
    let recording = try Recording<ProfileFeature.State, ProfileFeature.Action>(contentsOf: url)

    let page = try recording.inspectorPage(with: ProfileFeature(), title: "A Profile session")

    #expect(page.difference == nil)
    #expect(page.stepCount == recording.actionCount)
    #expect(page.stepCount > 6, "the save's feedback is recorded too")
    #expect(!page.html.contains("<b>Lovelace"))
    #expect(page.html.contains(#"saveButtonTapped"#))
    if let pages = ProcessInfo.processInfo.environment["INSPECTOR_PAGES"] {
      try page.write(to: URL(fileURLWithPath: pages).appendingPathComponent("profile.html"))
    }
  }
}
