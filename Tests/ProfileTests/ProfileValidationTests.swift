import Profile
import Testing

@Suite struct ProfileValidationTests {
  let valid = ProfileDetails(
    name: "Ada Lovelace", email: "ada@example.org",
    address: ShippingAddress(street: "12 Way", city: "London", postalCode: "N1", country: "UK"))

  @Test func validDetailsHaveNoProblems() {
    #expect(ProfileFeature.problems(in: valid).isEmpty)
    var noAddress = valid
    noAddress.address = ShippingAddress()
    #expect(ProfileFeature.problems(in: noAddress).isEmpty)
  }

  @Test(arguments: ["", "   "])
  func blankNameIsRefused(_ name: String) {
    var details = valid
    details.name = name
    #expect(
      ProfileFeature.problems(in: details) == [.init(field: .name, message: "Enter a name.")])
  }

  @Test func nameOfMoreThanSixtyCharactersIsRefused() {
    var details = valid
    details.name = String(repeating: "a", count: 60)
    #expect(ProfileFeature.problems(in: details).isEmpty)
    details.name = String(repeating: "a", count: 61)
    #expect(
      ProfileFeature.problems(in: details)
        == [.init(field: .name, message: "The name has 61 characters; use at most 60.")])
  }

  @Test(arguments: [
    "ada", "ada@", "@example.org", "ada@example", "ada@.org", "ada@example.", "a b@example.org",
    "ada@@example.org", "ada@exa..mple.org",
  ])
  func malformedEmailIsRefused(_ email: String) {
    var details = valid
    details.email = email
    #expect(
      ProfileFeature.problems(in: details)
        == [
          .init(
            field: .email,
            message: "'\(email)' is not an email address; write it like 'ada@example.org'.")
        ])
  }

  @Test(arguments: ["ada@example.org", "a.b+c@mail.example.co.uk", "x@y.z"])
  func wellFormedEmailIsAccepted(_ email: String) {
    var details = valid
    details.email = email
    #expect(ProfileFeature.problems(in: details).isEmpty)
  }

  @Test func emptyEmailAsksForOne() {
    var details = valid
    details.email = ""
    #expect(
      ProfileFeature.problems(in: details).map(\.message)
        == ["Enter an email address, like 'ada@example.org'."])
  }

  @Test func problemsComeInFieldOrder() {
    let details = ProfileDetails(
      name: "", email: "nope", address: ShippingAddress(street: "12 Way"))
    #expect(ProfileFeature.problems(in: details).map(\.field) == [.name, .email, .address])
  }
}
