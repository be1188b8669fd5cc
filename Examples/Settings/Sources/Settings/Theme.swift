/// How the app looks.
public enum Theme: String, Codable, Equatable, Sendable, CaseIterable {
  /// Follows the system.
  case system
  /// Light.
  case light
  /// Dark.
  case dark
}
