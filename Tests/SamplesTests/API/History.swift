import Core
import CoreTesting
import Foundation
import Testing

// The examples in the doc comments of Sources/Core/History: recording a session, with the
// recorder on the root reducer or on the store, and taking part of a recording.

@MainActor
@Suite final class HistoryDocs {
  struct AppFeature: Reducer {
    struct State: Equatable, Codable, Sendable {
      var orders = Orders()
    }
    struct Orders: Equatable, Codable, Sendable {
      var drafts = 0
      var submitted = 0
    }
    enum Action: Equatable, Codable, Sendable {
      case orders(OrdersAction)
    }
    enum OrdersAction: Equatable, Codable, Sendable {
      case newTapped
      case submitTapped
    }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .orders(.newTapped):
          state.orders.drafts += 1
        case .orders(.submitTapped):
          state.orders.drafts -= 1
          state.orders.submitted += 1
        }
        return .none
      }
    }
  }

  /// Where the tests write their recordings, removed with the suite.
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("HistoryDocs-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: folder)
  }

  @Test func aRecorderOnTheRootReducerRecordsTheSession() throws {
    let sessionURL = folder.appendingPathComponent("session.jsonl")
    let initial = AppFeature.State()
    let recorder = try SessionRecorder<AppFeature.State, AppFeature.Action>(
      fileAt: sessionURL, initialState: initial)
    let store = Store(initialState: initial) {
      AppFeature().recording(to: recorder)
    }
    // ... the session ...
    store.send(.orders(.newTapped))
    store.send(.orders(.submitTapped))
    try recorder.finish()

    let recording = try Recording<AppFeature.State, AppFeature.Action>(contentsOf: sessionURL)
    #expect(try recording.actions == [.orders(.newTapped), .orders(.submitTapped)])
  }

  /// Records two new orders and a submission at `url`.
  func record(at url: URL) throws {
    let initial = AppFeature.State()
    let recorder = try SessionRecorder<AppFeature.State, AppFeature.Action>(
      fileAt: url, initialState: initial)
    let store = Store(initialState: initial, recordingTo: recorder) {
      AppFeature()
    }
    store.send(.orders(.newTapped))
    store.send(.orders(.newTapped))
    store.send(.orders(.submitTapped))
    try recorder.finish()
  }

  @Test func partOfARecordingReplaysIntoATestStore() async throws {
    let url = folder.appendingPathComponent("bug.jsonl")
    try record(at: url)
    let recording = try Recording<AppFeature.State, AppFeature.Action>(contentsOf: url)

    // The session up to, not including, the action it ends with:
    let store = try TestStore(replaying: recording.dropLast()) { AppFeature() }
    #expect(store.state.orders == AppFeature.Orders(drafts: 2, submitted: 0))
    await store.send(.orders(.submitTapped)) {
      $0.orders.drafts = 1
      $0.orders.submitted = 1
    }

    let beforeSubmitting = try recording.prefix { $0 != .orders(.submitTapped) }
    #expect(try beforeSubmitting.actions == [.orders(.newTapped), .orders(.newTapped)])
  }
}
