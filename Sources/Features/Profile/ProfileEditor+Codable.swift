import Core

extension ProfileEditor.Action: Codable {
  /// The action as a plain enum the compiler can code: a binding becomes the setting it sets.
  private enum Coded: Codable {
    case view(View)
    case autosaveEnabled(Bool)
    case autosaveDue
    case saveSucceeded(ProfileDetails)
    case saveFailed(String)
    case delegate(Delegate)
  }

  /// Decodes what ``encode(to:)`` writes.
  public init(from decoder: any Decoder) throws {
    switch try Coded(from: decoder) {
    case .view(let view): self = .view(view)
    case .autosaveEnabled(let isOn): self = .binding(.set(\.isAutosaveEnabled, isOn))
    case .autosaveDue: self = .autosaveDue
    case .saveSucceeded(let details): self = .saveSucceeded(details)
    case .saveFailed(let reason): self = .saveFailed(reason)
    case .delegate(let delegate): self = .delegate(delegate)
    }
  }

  /// Encodes the action; a binding of ``ProfileEditor/State/isAutosaveEnabled`` as
  /// `autosaveEnabled`, the one setting the editor binds.
  public func encode(to encoder: any Encoder) throws {
    let coded: Coded
    switch self {
    case .view(let view): coded = .view(view)
    case .binding(let binding):
      guard binding.keyPath == \ProfileEditor.State.isAutosaveEnabled,
        let isOn = binding.value as? Bool
      else {
        throw EncodingError.invalidValue(
          binding,
          EncodingError.Context(
            codingPath: encoder.codingPath,
            debugDescription: "only bindings of 'isAutosaveEnabled' can be encoded"))
      }
      coded = .autosaveEnabled(isOn)
    case .autosaveDue: coded = .autosaveDue
    case .saveSucceeded(let details): coded = .saveSucceeded(details)
    case .saveFailed(let reason): coded = .saveFailed(reason)
    case .delegate(let delegate): coded = .delegate(delegate)
    }
    try coded.encode(to: encoder)
  }
}
