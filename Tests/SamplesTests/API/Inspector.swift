import Core
import Foundation
import Testing

// The examples in the doc comments of Sources/Core/Inspector: a recording's inspector page.

@MainActor
@Suite final class InspectorDocs {
  struct Counter: Reducer {
    struct State: Equatable, Codable, Sendable { var count = 0 }
    enum Action: Equatable, Codable, Sendable { case incremented, reset }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .incremented: state.count += 1
      case .reset: state.count = 0
      }
      return .none
    }
  }

  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("InspectorDocs-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: folder)
  }

  /// Records two increments and a reset at `url`.
  func record(at url: URL) throws {
    let recorder = try SessionRecorder<Counter.State, Counter.Action>(
      fileAt: url, initialState: Counter.State())
    let store = Store(initialState: Counter.State(), recordingTo: recorder) { Counter() }
    store.send(.incremented)
    store.send(.incremented)
    store.send(.reset)
    try recorder.finish()
  }

  @Test func aRecordingsPageIsWrittenBesideIt() throws {
    let url = folder.appendingPathComponent("session.jsonl")
    try record(at: url)

    let recording = try Recording<Counter.State, Counter.Action>(contentsOf: url)
    let page = try recording.inspectorPage(with: Counter())
    try page.write(to: url.deletingPathExtension().appendingPathExtension("html"))

    #expect(page.stepCount == 3 && page.difference == nil)
    let written = try String(
      contentsOf: folder.appendingPathComponent("session.html"), encoding: .utf8)
    #expect(written.contains("AppAction") == false && written.contains("Counter.Action.reset"))
  }
}
