import Core
import Profile
import Testing

@MainActor
@Suite struct ProfilePanelTests {
  let address = ShippingAddress(
    street: "12 Analytical Way", city: "London", postalCode: "N1 7AA", country: "UK")

  @Test func rendersSavedFieldsAndLoyalty() {
    let state = ProfileFeature.State(
      name: "Ada", email: "ada@example.org", address: address, loyaltyPoints: 120)
    #expect(
      ProfilePanel.render(state) == [
        "Name     Ada",
        "Email    ada@example.org",
        "Address  12 Analytical Way, London, N1 7AA, UK",
        "Loyalty  silver, 120 points (380 more for gold)",
      ])
  }

  @Test func rendersEditsNextToSavedValuesErrorsAndStatus() {
    var state = ProfileFeature.State(
      name: "Ada", loyaltyPoints: 1,
      editor: ProfileEditor.State(
        saved: ProfileDetails(name: "Ada", email: "", address: ShippingAddress()),
        draft: .init(name: "", email: "x")))
    state.editor?.errors = [.init(field: .name, message: "Enter a name.")]
    #expect(
      ProfilePanel.render(state) == [
        "Name     (empty)  (unsaved; saved: Ada)",
        "Email    x  (unsaved)",
        "Address  (not set)",
        "Loyalty  member, 1 point (99 more for silver)",
        "  ! name: Enter a name.",
        "Unsaved changes: save or discard them.",
      ])
    state.editor?.saveStatus = .saving
    #expect(ProfilePanel.render(state).last == "Saving…")
    state.editor?.saveStatus = .failed("refused")
    #expect(ProfilePanel.render(state).last == "Save failed: refused")
    state = ProfileFeature.State(loyaltyPoints: 600)
    #expect(ProfilePanel.render(state).last == "Loyalty  gold, 600 points")
    state.editor = ProfileEditor.State(saved: state.details)
    #expect(
      ProfilePanel.render(state).suffix(2) == [
        "Loyalty  gold, 600 points", "Editing: change a field, or discard to close.",
      ])
  }

  @Test func rendersOnceAtFirstThenOncePerDistinctProfile() {
    let store = Store(initialState: ProfileFeature.State()) {
      ProfileFeature()
    } withDependencies: {
      $0.profileClient = ProfileClient { _ in }
    }
    let panel = ProfilePanel(store: store)
    var notified = 0
    panel.onRender = { notified += 1 }
    #expect(panel.renderCount == 1)
    #expect(panel.lines.first == "Name     (not set)")

    #expect(panel.edit(.nameChanged("Ada")) == nil)
    panel.send(.editButtonTapped)
    #expect(panel.renderCount == 2)
    panel.edit(.nameChanged("Ada"))
    #expect(panel.renderCount == 3)
    #expect(panel.lines.first == "Name     Ada  (unsaved)")
    panel.edit(.nameChanged("Ada"))
    #expect(panel.renderCount == 3)
    #expect(notified == 2)
  }

  @Test func savingNeverShowsTheProfileBlank() async {
    let store = Store(initialState: ProfileFeature.State()) {
      ProfileFeature()
    } withDependencies: {
      $0.profileClient = ProfileClient { _ in }
      $0.clock = ImmediateClock()
    }
    let panel = ProfilePanel(store: store)
    var renders: [[String]] = []
    panel.onRender = { [unowned panel] in renders.append(panel.lines) }
    panel.send(.nameChanged("Ada"))
    panel.send(.emailChanged("ada@example.org"))
    await panel.edit(.saveButtonTapped)?.finish()

    #expect(store.state.name == "Ada")
    #expect(store.state.editor == nil)
    // Every render after the first edit shows the name: as an edit, then as saved.
    #expect(renders.count >= 3)
    for lines in renders {
      #expect(lines.first?.hasPrefix("Name     Ada") == true, "\(lines)")
    }
    // Saved, then closed: the profile holds the name before the editor says so.
    #expect(renders.dropLast().last?.prefix(2) == ["Name     Ada", "Email    ada@example.org"])
    #expect(renders.dropLast().last?.last == "Saved.")
    #expect(renders.last?.first == "Name     Ada")
  }
}
