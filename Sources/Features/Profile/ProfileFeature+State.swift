import Core

extension ProfileFeature {
  /// The user's profile: saved details, loyalty points, and the editor when one is open.
  ///
  /// Other modules read the saved fields (``name``, ``address``, ...); the edits not saved yet
  /// live in the presented ``editor``. The saved fields, the points and the editor's draft are
  /// encoded (an open editor comes back after a restart with its draft); the validation
  /// errors, the save status and the autosave setting describe the running session and start
  /// empty. A state encoded before the editor existed, with a top-level `draft`, decodes with
  /// the editor open on that draft.
  public struct State: Equatable, Sendable, Codable {
    /// The saved name.
    public var name: String
    /// The saved email address.
    public var email: String
    /// The saved default shipping address; empty until set.
    public var address: ShippingAddress
    /// Loyalty points, earned by confirmed orders.
    public var loyaltyPoints: Int
    /// The presented editor, or `nil` while the profile is not being edited.
    @PresentationState public var editor: ProfileEditor.State? = nil

    /// Creates a profile.
    public init(
      name: String = "",
      email: String = "",
      address: ShippingAddress = ShippingAddress(),
      loyaltyPoints: Int = 0,
      editor: ProfileEditor.State? = nil
    ) {
      self.name = name
      self.email = email
      self.address = address
      self.loyaltyPoints = loyaltyPoints
      self.editor = editor
    }

    /// The saved details.
    public var details: ProfileDetails {
      ProfileDetails(name: name, email: email, address: address)
    }

    /// The details as they would be saved: the saved ones with the open editor's draft
    /// applied; the saved ones while no editor is open.
    public var editedDetails: ProfileDetails {
      editor?.editedDetails ?? details
    }

    /// The tier the loyalty points earn.
    public var tier: LoyaltyTier {
      LoyaltyTier(points: loyaltyPoints)
    }

    private enum CodingKeys: String, CodingKey {
      case name, email, address, loyaltyPoints, editorDraft, draft
    }

    /// Decodes a profile; an editor's draft (or an older file's top-level `draft`, when it
    /// holds edits) comes back as an open editor.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      name = try container.decode(String.self, forKey: .name)
      email = try container.decode(String.self, forKey: .email)
      address = try container.decode(ShippingAddress.self, forKey: .address)
      loyaltyPoints = try container.decode(Int.self, forKey: .loyaltyPoints)
      if let draft = try container.decodeIfPresent(Draft.self, forKey: .editorDraft) {
        editor = ProfileEditor.State(saved: details, draft: draft)
      } else if let draft = try container.decodeIfPresent(Draft.self, forKey: .draft),
        !draft.isEmpty
      {
        editor = ProfileEditor.State(saved: details, draft: draft)
      }
    }

    /// Encodes the saved fields, the points, and the open editor's draft.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(name, forKey: .name)
      try container.encode(email, forKey: .email)
      try container.encode(address, forKey: .address)
      try container.encode(loyaltyPoints, forKey: .loyaltyPoints)
      try container.encodeIfPresent(editor?.draft, forKey: .editorDraft)
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
