import Foundation
import Profile
import Testing

@Suite struct ProfileStateTests {
  @Test func draftAppliesOnlyItsEditedFields() {
    let state = ProfileFeature.State(
      name: "Ada", email: "ada@example.org", draft: .init(email: "ada@lovelace.org"))
    #expect(
      state.editedDetails
        == ProfileDetails(name: "Ada", email: "ada@lovelace.org", address: ShippingAddress()))
    #expect(!state.draft.isEmpty)
    #expect(ProfileFeature.Draft().isEmpty)
  }

  @Test func encodingKeepsSavedFieldsAndDraftButNotSessionStatus() throws {
    var state = ProfileFeature.State(
      name: "Ada", email: "ada@example.org", loyaltyPoints: 42, draft: .init(name: "Ada L."))
    state.errors = [.init(field: .email, message: "bad")]
    state.saveStatus = .saving
    let decoded = try JSONDecoder().decode(
      ProfileFeature.State.self, from: JSONEncoder().encode(state))
    var expected = state
    expected.errors = []
    expected.saveStatus = .idle
    #expect(decoded == expected)
  }
}
