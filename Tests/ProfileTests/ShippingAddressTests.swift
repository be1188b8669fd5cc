import Profile
import Testing

@Suite struct ShippingAddressTests {
  @Test func parsesFourTrimmedParts() {
    let address = ShippingAddress(parsing: " 12 Analytical Way ,London,  N1 7AA , UK ")
    #expect(
      address
        == ShippingAddress(
          street: "12 Analytical Way", city: "London", postalCode: "N1 7AA", country: "UK"))
  }

  @Test(arguments: ["", "12 Way", "12 Way, London, N1", "a, b, c, d, e"])
  func rejectsAnythingButFourParts(_ text: String) {
    #expect(ShippingAddress(parsing: text) == nil)
  }

  @Test func namesTheMissingParts() {
    let address = ShippingAddress(parsing: "12 Way, , N1 7AA,  ")
    #expect(
      address?.problem
        == "The address is missing: city, country. Write it as 'street, city, postal code, country'."
    )
    #expect(ShippingAddress(street: "a", city: "b", postalCode: "c", country: "d").problem == nil)
  }

  @Test func emptyAddressFormatsAsNothing() {
    #expect(ShippingAddress().isEmpty)
    #expect(ShippingAddress().formatted == "")
    let address = ShippingAddress(
      street: "1 Main St", city: "Springfield", postalCode: "12345", country: "US")
    #expect(!address.isEmpty)
    #expect(address.formatted == "1 Main St, Springfield, 12345, US")
  }
}
