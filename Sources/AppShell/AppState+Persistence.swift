import Core
import Foundation

extension PersistenceFormat<AppState> {
  /// The state file's format: version 1, refusing values the app cannot work with (see
  /// ``AppState/outOfRangeValue``).
  static let appState = PersistenceFormat(name: "AppShell state", version: 1)
    .validating { $0.outOfRangeValue }
}

extension AppState {
  /// The state as it was saved, made ready to run: orders that were being submitted when the
  /// app stopped come back as failed, and screens left open on orders that are gone close.
  mutating func prepareAfterLoading() {
    orders.failInterruptedSubmissions()
    closeStrayScreens()
  }

  /// The state as pretty JSON with sorted keys, the way the state file stores it.
  func prettyJSON() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(self)
  }
}
