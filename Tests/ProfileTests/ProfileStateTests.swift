import Foundation
import Profile
import Testing

@Suite struct ProfileStateTests {
  let ada = ProfileDetails(name: "Ada", email: "ada@example.org", address: ShippingAddress())

  @Test func draftAppliesOnlyItsEditedFields() {
    let editor = ProfileEditor.State(saved: ada, draft: .init(email: "ada@lovelace.org"))
    #expect(
      editor.editedDetails
        == ProfileDetails(name: "Ada", email: "ada@lovelace.org", address: ShippingAddress()))
    #expect(!editor.draft.isEmpty)
    #expect(ProfileFeature.Draft().isEmpty)
  }

  @Test func encodingKeepsSavedFieldsAndTheEditorsDraftButNotSessionStatus() throws {
    var editor = ProfileEditor.State(saved: ada, draft: .init(name: "Ada L."))
    editor.errors = [.init(field: .email, message: "bad")]
    editor.saveStatus = .saving
    let state = ProfileFeature.State(
      name: "Ada", email: "ada@example.org", loyaltyPoints: 42, editor: editor)
    let decoded = try JSONDecoder().decode(
      ProfileFeature.State.self, from: JSONEncoder().encode(state))
    var expected = state
    expected.editor?.errors = []
    expected.editor?.saveStatus = .idle
    #expect(decoded == expected)

    let closed = ProfileFeature.State(name: "Ada", loyaltyPoints: 1)
    let reopened = try JSONDecoder().decode(
      ProfileFeature.State.self, from: JSONEncoder().encode(closed))
    #expect(reopened == closed)
  }

  @Test func anOlderStatesDraftOpensTheEditorOnIt() throws {
    let old = Data(
      #"""
      {"name": "Ada", "email": "ada@example.org", "loyaltyPoints": 3,
       "address": {"street": "", "city": "", "postalCode": "", "country": ""},
       "draft": {"name": "Ada L."}}
      """#.utf8)
    let state = try JSONDecoder().decode(ProfileFeature.State.self, from: old)
    #expect(state.editor == ProfileEditor.State(saved: ada, draft: .init(name: "Ada L.")))
    let unedited = Data(
      #"""
      {"name": "Ada", "email": "ada@example.org", "loyaltyPoints": 3,
       "address": {"street": "", "city": "", "postalCode": "", "country": ""}, "draft": {}}
      """#.utf8)
    #expect(try JSONDecoder().decode(ProfileFeature.State.self, from: unedited).editor == nil)
  }
}
