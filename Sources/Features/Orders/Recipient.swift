import Profile

/// The name and address an order was sent to.
public struct Recipient: Equatable, Sendable, Codable {
  /// The profile's name at submission.
  public var name: String
  /// The address the order ships to.
  public var address: ShippingAddress

  /// Creates a recipient.
  public init(name: String, address: ShippingAddress) {
    self.name = name
    self.address = address
  }
}
