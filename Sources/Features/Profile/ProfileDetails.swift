/// The part of a profile the user edits and the account service stores: name, email and
/// default shipping address.
///
/// ```swift
/// let details = ProfileDetails(name: "Ada", email: "ada@example.org", address: ShippingAddress())
/// let problems = ProfileFeature.problems(in: details)  // [] when valid
/// ```
public struct ProfileDetails: Equatable, Sendable, Codable {
  /// The name shown on orders.
  public var name: String
  /// The email address for order confirmations.
  public var email: String
  /// The default shipping address; may be empty.
  public var address: ShippingAddress

  /// Creates profile details.
  public init(name: String, email: String, address: ShippingAddress) {
    self.name = name
    self.email = email
    self.address = address
  }
}
