/// The settings as version 1 of the file wrote them: frozen, for migrating old files.
public struct SettingsV1: Codable, Sendable {
  /// Whether the app was dark.
  public var darkMode: Bool
}
