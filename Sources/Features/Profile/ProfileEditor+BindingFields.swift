import Core

extension ProfileEditor.State: BindingCodable {
  /// The one setting the editor binds, under its name in a recording: what makes the editor's
  /// `Codable` actions, its binding included, need no code of their own.
  public static let bindingFields = BindingFields<Self>(
    .field("isAutosaveEnabled", \.isAutosaveEnabled))
}
