import Core
import Foundation
import CoreTesting
import Profile
import Testing

@MainActor
@Suite struct ProfileAutosaveTests {
  let saved = ProfileEditor.State(
    saved: ProfileDetails(name: "Ada", email: "ada@example.org", address: ShippingAddress()))

  @Test func theSettingIsBoundAndOffByDefault() async {
    let store = TestStore(initialState: saved) { ProfileEditor() }
    #expect(!store.state.isAutosaveEnabled)

    await store.send(.binding(.set(\.isAutosaveEnabled, true))) {
      $0.isAutosaveEnabled = true
    }
    await store.send(.binding(.set(\.isAutosaveEnabled, false))) {
      $0.isAutosaveEnabled = false
    }
  }

  @Test func savesOneSecondAfterTheLastEdit() async {
    let clock = TestClock()
    let savedDetails = Locked<[ProfileDetails]>([])
    var state = saved
    state.isAutosaveEnabled = true
    let store = TestStore(initialState: state) {
      ProfileEditor()
    } withDependencies: {
      $0.clock = clock
      $0.profileClient.save = { details in savedDetails.withLock { $0.append(details) } }
    }
    let expected = ProfileDetails(
      name: "Ada Lovelace", email: "ada@example.org", address: ShippingAddress())

    await store.send(.view(.nameChanged("Ada L"))) { $0.draft.name = "Ada L" }
    await clock.advance(by: .milliseconds(700))
    await store.send(.view(.nameChanged("Ada Lovelace"))) { $0.draft.name = "Ada Lovelace" }
    await clock.advance(by: .milliseconds(700))
    #expect(savedDetails.withLock { $0 }.isEmpty)
    await clock.advance(by: .milliseconds(300))
    await store.receive(.autosaveDue) { $0.saveStatus = .saving }
    await store.receive(.saveSucceeded(expected)) {
      $0.saved.name = "Ada Lovelace"
      $0.draft = ProfileFeature.Draft()
      $0.saveStatus = .saved
    }
    // An autosave leaves the editor open.
    await store.receive(.delegate(.saved(expected)))
    #expect(savedDetails.withLock { $0 } == [expected])
    await store.finish()
  }

  @Test func anInvalidDraftShowsItsErrorsInsteadOfSaving() async {
    let clock = TestClock()
    var state = saved
    state.isAutosaveEnabled = true
    let store = TestStore(initialState: state) {
      ProfileEditor()
    } withDependencies: {
      $0.clock = clock
    }

    await store.send(.view(.emailChanged("ada"))) { $0.draft.email = "ada" }
    await clock.advance(by: ProfileEditor.autosaveDelay)
    await store.receive(.autosaveDue) {
      $0.errors = [
        .init(
          field: .email, message: "'ada' is not an email address; write it like 'ada@example.org'.")
      ]
    }
    await store.finish()
  }

  @Test func turningItOffOrUndoingTheEditsStopsTheWait() async {
    let clock = TestClock()
    var state = saved
    state.isAutosaveEnabled = true
    let store = TestStore(initialState: state) {
      ProfileEditor()
    } withDependencies: {
      $0.clock = clock
    }

    await store.send(.view(.nameChanged("Grace"))) { $0.draft.name = "Grace" }
    await store.send(.binding(.set(\.isAutosaveEnabled, false))) {
      $0.isAutosaveEnabled = false
    }
    await clock.advance(by: .seconds(2))

    await store.send(.binding(.set(\.isAutosaveEnabled, true))) {
      $0.isAutosaveEnabled = true
    }
    await store.send(.view(.nameChanged("Ada"))) { $0.draft = ProfileFeature.Draft() }
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test func theSettingIsNotEncoded() throws {
    var editor = saved
    editor.isAutosaveEnabled = true
    let profile = ProfileFeature.State(name: "Ada", email: "ada@example.org", editor: editor)
    let data = try JSONEncoder().encode(profile)
    let decoded = try JSONDecoder().decode(ProfileFeature.State.self, from: data)
    #expect(decoded.editor == saved)
  }
}
