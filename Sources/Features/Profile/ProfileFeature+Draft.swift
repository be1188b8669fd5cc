extension ProfileFeature {
  /// Edits not saved yet: each field is `nil` when unchanged.
  ///
  /// Keeping only the changed fields means a save writes exactly what the user edited: a
  /// change another module made meanwhile (say, Orders setting the default address) is kept.
  public struct Draft: Equatable, Sendable, Codable {
    /// The edited name, or `nil` if unchanged.
    public var name: String?
    /// The edited email, or `nil` if unchanged.
    public var email: String?
    /// The edited address, or `nil` if unchanged.
    public var address: ShippingAddress?

    /// Creates a draft; by default nothing is changed.
    public init(name: String? = nil, email: String? = nil, address: ShippingAddress? = nil) {
      self.name = name
      self.email = email
      self.address = address
    }

    /// Whether no field is edited.
    public var isEmpty: Bool {
      name == nil && email == nil && address == nil
    }

    /// `details` with this draft's edits applied.
    public func applied(to details: ProfileDetails) -> ProfileDetails {
      ProfileDetails(
        name: name ?? details.name,
        email: email ?? details.email,
        address: address ?? details.address)
    }

    /// Drops the edits that `saved` now holds, keeping edits made after the save began.
    mutating func clear(savedIn saved: ProfileDetails) {
      if name == saved.name { name = nil }
      if email == saved.email { email = nil }
      if address == saved.address { address = nil }
    }
  }
}
