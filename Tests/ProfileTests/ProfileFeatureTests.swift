import Core
import CoreTesting
import Profile
import Testing

/// The profile module presenting its editor: opening it, a save that writes the one profile
/// and closes the editor by itself, and discarding.
@MainActor
@Suite struct ProfileFeatureTests {
  let address = ShippingAddress(
    street: "12 Analytical Way", city: "London", postalCode: "N1 7AA", country: "UK")
  let profile = ProfileFeature.State(name: "Ada", email: "ada@example.org", loyaltyPoints: 7)

  func edit(_ intent: ProfileEditor.Action.View) -> ProfileFeature.Action {
    .editor(.presented(.view(intent)))
  }

  @Test func editingPresentsTheEditorOnTheSavedDetails() async {
    let store = TestStore(initialState: profile) { ProfileFeature() }
    await store.send(.view(.editButtonTapped)) {
      $0.editor = ProfileEditor.State(saved: self.profile.details)
    }
    // Tapping again while it is open changes nothing.
    await store.send(.view(.editButtonTapped))
  }

  @Test func aSaveWritesTheOneProfileAndTheEditorDismissesItself() async {
    let savedDetails = Locked<[ProfileDetails]>([])
    let store = TestStore(initialState: profile) {
      ProfileFeature()
    } withDependencies: {
      $0.profileClient.save = { details in savedDetails.withLock { $0.append(details) } }
    }
    let expected = ProfileDetails(name: "Ada", email: "ada@lovelace.org", address: address)

    await store.send(.view(.editButtonTapped)) {
      $0.editor = ProfileEditor.State(saved: self.profile.details)
    }
    await store.send(edit(.emailChanged("ada@lovelace.org"))) {
      $0.editor?.draft.email = "ada@lovelace.org"
    }
    await store.send(edit(.addressChanged(address))) { $0.editor?.draft.address = address }
    // The profile itself is untouched while the draft lives in the editor.
    #expect(store.state.email == "ada@example.org")
    await store.send(edit(.saveButtonTapped)) {
      $0.editor?.saveStatus = .saving
      $0.editor?.closesWhenSaved = true
    }
    await store.receive(.editor(.presented(.saveSucceeded(expected)))) {
      $0.editor?.saved = expected
      $0.editor?.draft = ProfileFeature.Draft()
      $0.editor?.saveStatus = .saved
    }
    await store.receive(.editor(.presented(.delegate(.saved(expected))))) {
      $0.email = "ada@lovelace.org"
      $0.address = self.address
    }
    await store.receive(.delegate(.saved(expected)))
    // The editor's own `dismiss()` reaches the parent as `.dismiss`.
    await store.receive(.editor(.dismiss)) { $0.editor = nil }
    #expect(savedDetails.withLock { $0 } == [expected])
    #expect(store.state.loyaltyPoints == 7)
  }

  @Test func discardingDropsTheDraftAndTheParentClosesTheEditorAtOnce() async {
    let store = TestStore(
      initialState: ProfileFeature.State(
        name: "Ada",
        editor: ProfileEditor.State(
          saved: ProfileDetails(name: "Ada", email: "", address: ShippingAddress()),
          draft: .init(email: "nope")))
    ) {
      ProfileFeature()
    }
    await store.send(edit(.saveButtonTapped)) {
      $0.editor?.errors = [
        .init(
          field: .email,
          message: "'nope' is not an email address; write it like 'ada@example.org'.")
      ]
    }
    await store.send(edit(.discardChangesButtonTapped)) {
      $0.editor?.draft = ProfileFeature.Draft()
      $0.editor?.errors = []
    }
    await store.receive(.editor(.presented(.delegate(.discarded(stoppedSave: false))))) {
      $0.editor = nil
    }
    #expect(store.state.email == "")
  }

  @Test func anEditRightAfterADiscardOpensAFreshEditorAndStays() async {
    let store = TestStore(initialState: profile) { ProfileFeature() }
    await store.send(.view(.nameChanged("Grace"))) {
      $0.editor = ProfileEditor.State(saved: self.profile.details)
    }
    await store.receive(edit(.nameChanged("Grace"))) { $0.editor?.draft.name = "Grace" }
    await store.send(edit(.discardChangesButtonTapped)) {
      $0.editor?.draft = ProfileFeature.Draft()
    }
    await store.receive(.editor(.presented(.delegate(.discarded(stoppedSave: false))))) {
      $0.editor = nil
    }
    // Closed already: the next edit opens a fresh editor, which nothing closes afterwards.
    await store.send(.view(.nameChanged("Bob"))) {
      $0.editor = ProfileEditor.State(saved: self.profile.details)
    }
    await store.receive(edit(.nameChanged("Bob"))) { $0.editor?.draft.name = "Bob" }
    await store.finish()
    #expect(store.state.editor?.draft.name == "Bob")
  }

  @Test func discardingWhileSavingCancelsTheSave() async {
    let clock = TestClock()
    let store = TestStore(initialState: profile) {
      ProfileFeature()
    } withDependencies: {
      $0.profileClient.save = { _ in try await clock.sleep(for: .seconds(1)) }
    }
    await store.send(.view(.editButtonTapped)) {
      $0.editor = ProfileEditor.State(saved: self.profile.details)
    }
    await store.send(edit(.nameChanged("Ada L."))) { $0.editor?.draft.name = "Ada L." }
    await store.send(edit(.saveButtonTapped)) {
      $0.editor?.saveStatus = .saving
      $0.editor?.closesWhenSaved = true
    }
    await store.send(edit(.discardChangesButtonTapped)) {
      $0.editor?.draft = ProfileFeature.Draft()
      $0.editor?.saveStatus = .idle
    }
    await store.receive(.editor(.presented(.delegate(.discarded(stoppedSave: true))))) {
      $0.editor = nil
    }
    // The save was cancelled: advancing time feeds nothing back, and the name is unchanged.
    await clock.advance(by: .seconds(5))
    await store.finish()
    #expect(store.state.name == "Ada")
  }

  @Test func theParentDismissingTheEditorCancelsItsSave() async {
    let clock = TestClock()
    let store = TestStore(initialState: profile) {
      ProfileFeature()
    } withDependencies: {
      $0.profileClient.save = { _ in try await clock.sleep(for: .seconds(1)) }
    }
    await store.send(.view(.editButtonTapped)) {
      $0.editor = ProfileEditor.State(saved: self.profile.details)
    }
    await store.send(edit(.nameChanged("Ada L."))) { $0.editor?.draft.name = "Ada L." }
    await store.send(edit(.saveButtonTapped)) {
      $0.editor?.saveStatus = .saving
      $0.editor?.closesWhenSaved = true
    }
    await store.send(.editor(.dismiss)) { $0.editor = nil }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }
}
