import Core
import Foundation
import Testing

/// The example of `FileRecordingSink.check(_:)`: checking the recording's path before opening
/// the state file it goes with.
enum FileRecordingSinkCheckExample {
  struct AppFeature: Reducer {
    struct State: Equatable, Codable, Sendable { var count = 0 }
    enum Action: Equatable, Codable, Sendable { case tapped }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count += 1
      return .none
    }
  }

  static func start(
    recordingURL: URL, stateURL: URL
  ) throws -> SessionRecorder<AppFeature.State, AppFeature.Action> {
    try FileRecordingSink.check(recordingURL)  // nothing touched yet
    let persisted = try PersistedState.open(.appState, at: stateURL)
    let recorder = try SessionRecorder<AppFeature.State, AppFeature.Action>(
      fileAt: recordingURL, initialState: persisted.value ?? AppFeature.State())
    return recorder
  }
}

extension PersistenceFormat<FileRecordingSinkCheckExample.AppFeature.State> {
  static let appState = PersistenceFormat(name: "App state", version: 1)
}
