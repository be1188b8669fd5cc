import Core
import CoreTesting
import Profile
import Testing

@MainActor
/// The editor on its own: edits, validation and saves that leave it open. Saves and discards
/// that close it run under its parent, in `ProfileFeatureTests`.
@Suite struct ProfileEditorTests {
  let address = ShippingAddress(
    street: "12 Analytical Way", city: "London", postalCode: "N1 7AA", country: "UK")
  let saved = ProfileEditor.State(
    saved: ProfileDetails(name: "Ada", email: "ada@example.org", address: ShippingAddress()))

  @Test func editsGoToTheDraftAndEditingBackToTheSavedValueDropsThem() async {
    let store = TestStore(initialState: saved) { ProfileEditor() }

    await store.send(.view(.nameChanged("Ada Lovelace"))) { $0.draft.name = "Ada Lovelace" }
    await store.send(.view(.emailChanged("ada@lovelace.org"))) {
      $0.draft.email = "ada@lovelace.org"
    }
    await store.send(.view(.addressChanged(address))) { $0.draft.address = address }
    await store.send(.view(.nameChanged("Ada"))) { $0.draft.name = nil }
    await store.send(.view(.addressChanged(ShippingAddress()))) { $0.draft.address = nil }
  }

  @Test func invalidEditsShowErrorsAndSaveNothing() async {
    let store = TestStore(
      initialState: ProfileEditor.State(
        saved: ProfileDetails(name: "", email: "", address: ShippingAddress()))
    ) { ProfileEditor() }

    await store.send(.view(.emailChanged("ada"))) { $0.draft.email = "ada" }
    await store.send(.view(.addressChanged(ShippingAddress(street: "12 Way")))) {
      $0.draft.address = ShippingAddress(street: "12 Way")
    }
    await store.send(.view(.saveButtonTapped)) {
      $0.errors = [
        .init(field: .name, message: "Enter a name."),
        .init(
          field: .email, message: "'ada' is not an email address; write it like 'ada@example.org'."),
        .init(
          field: .address,
          message:
            "The address is missing: city, postal code, country. Write it as 'street, city, "
            + "postal code, country'."),
      ]
    }
    // Fixing a field clears its error; a still-wrong edit updates its message.
    await store.send(.view(.nameChanged("Ada"))) {
      $0.draft.name = "Ada"
      $0.errors.removeFirst()
    }
    await store.send(.view(.emailChanged("ada@"))) {
      $0.draft.email = "ada@"
      $0.errors[0].message = "'ada@' is not an email address; write it like 'ada@example.org'."
    }
    await store.send(.view(.addressChanged(ShippingAddress()))) {
      $0.draft.address = nil
      $0.errors.removeLast()
    }
  }

  @Test func savingWithoutChangesDoesNothing() async {
    let store = TestStore(initialState: saved) { ProfileEditor() }
    await store.send(.view(.saveButtonTapped))
  }

  @Test func refusedSaveSaysWhyAndKeepsTheDraft() async {
    let store = TestStore(initialState: saved) {
      ProfileEditor()
    } withDependencies: {
      $0.profileClient.save = { _ in throw ProfileClient.Failure("The service is down.") }
    }
    await store.send(.view(.nameChanged("Ada L."))) { $0.draft.name = "Ada L." }
    await store.send(.view(.saveButtonTapped)) {
      $0.saveStatus = .saving
      $0.closesWhenSaved = true
    }
    await store.receive(.saveFailed("The service is down.")) {
      $0.saveStatus = .failed("The service is down.")
    }
    #expect(store.state.draft.name == "Ada L.")
  }

  @Test func saveTappedAgainWhileSavingIsIgnoredAndLaterEditsSurvive() async {
    let clock = TestClock()
    let store = TestStore(initialState: saved) {
      ProfileEditor()
    } withDependencies: {
      $0.profileClient.save = { _ in try await clock.sleep(for: .seconds(1)) }
    }
    await store.send(.view(.nameChanged("Ada L."))) { $0.draft.name = "Ada L." }
    await store.send(.view(.saveButtonTapped)) {
      $0.saveStatus = .saving
      $0.closesWhenSaved = true
    }
    await store.send(.view(.saveButtonTapped))
    await store.send(.view(.emailChanged("a@l.org"))) { $0.draft.email = "a@l.org" }
    await clock.advance(by: .seconds(1))
    let details = ProfileDetails(name: "Ada L.", email: "ada@example.org", address: .init())
    await store.receive(.saveSucceeded(details)) {
      $0.saved.name = "Ada L."
      $0.draft.name = nil
      $0.saveStatus = .saved
    }
    // Edits made while the save ran stay, so the editor stays open for them.
    await store.receive(.delegate(.saved(details)))
    #expect(store.state.draft == ProfileFeature.Draft(email: "a@l.org"))
  }

  @Test func savingInATestThatDidNotPlanForItFailsTheTest() async {
    let store = TestStore(initialState: saved) { ProfileEditor() }
    await store.send(.view(.nameChanged("Ada L."))) { $0.draft.name = "Ada L." }
    let failures = await capturingTestFailures {
      await store.send(.view(.saveButtonTapped)) {
        $0.saveStatus = .saving
        $0.closesWhenSaved = true
      }
      await store.receive(.saveFailed("Unimplemented: 'ProfileClient.save'")) {
        $0.saveStatus = .failed("Unimplemented: 'ProfileClient.save'")
      }
    }
    #expect(failures.count == 1)
    #expect(
      failures.first?.message.contains("Unimplemented: 'ProfileClient.save' was called") == true)
  }
}
