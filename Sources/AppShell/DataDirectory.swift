import Foundation

/// Where the app keeps its data by default.
enum DataDirectory {
  /// The default state file: `AppShell/state.json` in the user's data directory.
  ///
  /// On Linux that is `$XDG_DATA_HOME` when it is set to an absolute path, else
  /// `~/.local/share`; on Apple platforms, Application Support.
  static func defaultStateFile(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    base(environment: environment)
      .appendingPathComponent("AppShell", isDirectory: true)
      .appendingPathComponent("state.json")
  }

  static func base(environment: [String: String]) -> URL {
    #if canImport(Darwin)
      if let url = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)
        .first
      {
        return url
      }
    #endif
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg, isDirectory: true)
    }
    let home =
      environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
      ?? FileManager.default.homeDirectoryForCurrentUser
    return home.appendingPathComponent(".local/share", isDirectory: true)
  }
}
