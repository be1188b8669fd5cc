/// The settings as version 2 of the file wrote them: frozen, for migrating old files.
public struct SettingsV2: Codable, Sendable {
  /// "light" or "dark".
  public var theme: String
  /// The font size, in points.
  public var fontSize: Int
}
