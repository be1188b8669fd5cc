extension ProfileFeature {
  /// The user's profile: saved details, loyalty points, pending edits and the save's progress.
  ///
  /// Other modules read the saved fields (``name``, ``address``, ...), never the ``draft``.
  /// Only the saved fields, the points and the draft are encoded; the validation errors, the
  /// save status and the autosave setting describe the running session and start empty.
  public struct State: Equatable, Sendable, Codable {
    /// The saved name.
    public var name: String
    /// The saved email address.
    public var email: String
    /// The saved default shipping address; empty until set.
    public var address: ShippingAddress
    /// Loyalty points, earned by confirmed orders.
    public var loyaltyPoints: Int
    /// Edits not saved yet.
    public var draft: Draft
    /// Why the last save attempt was refused, field by field.
    public var errors: [ValidationError] = []
    /// Whether a save is running, finished, or failed.
    public var saveStatus: SaveStatus = .idle
    /// Whether edits are saved by themselves, a second after the last one; off by default.
    ///
    /// A setting of the running session: a view binds it
    /// (`.binding(.set(\.isAutosaveEnabled, true))`), and it is not encoded.
    public var isAutosaveEnabled = false

    /// Creates a profile.
    public init(
      name: String = "",
      email: String = "",
      address: ShippingAddress = ShippingAddress(),
      loyaltyPoints: Int = 0,
      draft: Draft = Draft()
    ) {
      self.name = name
      self.email = email
      self.address = address
      self.loyaltyPoints = loyaltyPoints
      self.draft = draft
    }

    /// The saved details.
    public var details: ProfileDetails {
      ProfileDetails(name: name, email: email, address: address)
    }

    /// The details as they would be saved: the saved ones with the draft applied.
    public var editedDetails: ProfileDetails {
      draft.applied(to: details)
    }

    /// The tier the loyalty points earn.
    public var tier: LoyaltyTier {
      LoyaltyTier(points: loyaltyPoints)
    }

    private enum CodingKeys: String, CodingKey {
      case name, email, address, loyaltyPoints, draft
    }
  }

  /// Where a save stands.
  public enum SaveStatus: Equatable, Sendable, Codable {
    /// No save running; nothing to report.
    case idle
    /// The account service is saving the details.
    case saving
    /// The last save succeeded.
    case saved
    /// The last save failed, with the reason.
    case failed(String)
  }
}
