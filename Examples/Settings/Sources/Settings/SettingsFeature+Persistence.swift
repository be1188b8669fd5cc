import Core
import Foundation

extension PersistenceFormat<SettingsFeature.State> {
  /// How the settings are written, version 3.
  ///
  /// - Version 1 had a dark-mode switch only (``SettingsV1``).
  /// - Version 2 had a theme name and a font size (``SettingsV2``).
  /// - Version 3 has a ``Theme``, a text size, and the notifications switch.
  ///
  /// A file of any of them loads, migrated one version at a time; a text size outside
  /// ``SettingsFeature/textSizes`` is refused (the file is moved aside, the app starts on the
  /// defaults).
  public static let settings = PersistenceFormat(name: "Settings", version: 3)
    .migration(from: 1) { (old: SettingsV1) in
      SettingsV2(theme: old.darkMode ? "dark" : "light", fontSize: 14)
    }
    .migration(from: 2) { (old: SettingsV2) in
      SettingsFeature.State(
        theme: Theme(rawValue: old.theme) ?? .system, textSize: old.fontSize, notifications: true)
    }
    .validating { settings in
      SettingsFeature.textSizes.contains(settings.textSize)
        ? nil
        : "the text size \(settings.textSize) is outside \(SettingsFeature.textSizes)"
    }
}

extension SettingsFeature {
  /// Opens the settings file at `url`: the settings saved there (or `nil`), locked for this
  /// process unless `readOnly`.
  ///
  /// ```swift
  /// let settings = try SettingsFeature.open(at: url)
  /// let store = Store(initialState: AppState(settings: settings.value ?? .init())) {
  ///   AppFeature()
  /// }
  /// let saving = store.persist(\.settings, to: settings)
  /// ```
  ///
  /// - Throws: `PersistenceError` when the file is in use or is not a regular file.
  public static func open(at url: URL, readOnly: Bool = false) throws(PersistenceError)
    -> PersistedState<State>
  {
    try PersistedState.open(.settings, at: url, readOnly: readOnly)
  }
}
