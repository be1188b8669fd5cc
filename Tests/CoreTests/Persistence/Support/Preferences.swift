import Core
import Foundation

/// Persisted test state at version 3, and the shapes versions 1 and 2 had.
struct Preferences: Codable, Equatable, Sendable {
  var theme = "light"
  var fontSize = 12
  var recent: [String] = []
}

/// Version 1: a dark-mode switch and nothing else.
struct PreferencesV1: Codable, Sendable {
  var darkMode: Bool
}

/// Version 2: a theme name and a font size.
struct PreferencesV2: Codable, Sendable {
  var theme: String
  var fontSize: Int
}

extension PersistenceFormat<Preferences> {
  /// Version 3, migrating 1 → 2 → 3.
  static let preferences = PersistenceFormat(name: "Preferences", version: 3)
    .migration(from: 1) { (old: PreferencesV1) in
      PreferencesV2(theme: old.darkMode ? "dark" : "light", fontSize: 12)
    }
    .migration(from: 2) { (old: PreferencesV2) in
      Preferences(theme: old.theme, fontSize: old.fontSize, recent: [])
    }
    .validating { $0.fontSize > 0 ? nil : "the font size is \($0.fontSize)" }
}

enum PreferencesAction: Equatable, Sendable {
  case themeChosen(String)
  case opened(String)
}

/// Edits ``Preferences``.
struct PreferencesReducer: Reducer {
  func reduce(into state: inout Preferences, action: PreferencesAction) -> Effect<
    PreferencesAction
  > {
    switch action {
    case let .themeChosen(theme): state.theme = theme
    case let .opened(name): state.recent.append(name)
    }
    return .none
  }
}
