import Core
import CoreTesting
import Foundation
import Testing

// The samples of Docs/RecordingReplayAndUndo.md, each with a small feature of its own. The
// bug reports' recordings are made here, by `fixtureURL(_:)`, which records the session the
// report would attach.

/// A new folder for a test's files.
private func temporaryFolder() throws -> URL {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("RecordingGuide-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder
}

/// "Recording a session" and "Replaying".
enum RecordingGuideSession {
  struct AppFeature: Reducer {
    struct State: Equatable, Codable, Sendable {
      var count = 0
    }
    enum Action: Equatable, Codable, Sendable {
      case incrementTapped
    }

    var body: some Reducer<State, Action> {
      Reduce { state, _ in
        state.count += 1
        return .none
      }
    }
  }

  @MainActor
  @Test static func aRecordedSessionReplaysToItsFinalState() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let sessionURL = folder.appendingPathComponent("session.jsonl")

    let initial = AppFeature.State()
    let recorder = try SessionRecorder<AppFeature.State, AppFeature.Action>(
      fileAt: sessionURL, initialState: initial)
    let store = Store(initialState: initial, recordingTo: recorder) {
      AppFeature()
    }
    // ... the session ...
    store.send(.incrementTapped)
    store.send(.incrementTapped)
    try recorder.finish()  // writes the last lines and the end line

    let recording = try Recording<AppFeature.State, AppFeature.Action>(
      contentsOf: sessionURL)
    let finalState = try recording.replay { AppFeature() }
    #expect(finalState == store.state)
    #expect(finalState.count == 2)
  }
}

/// "A recording as a test".
@MainActor
@Suite final class RecordingGuideBugReport {
  /// Where `fixtureURL(_:)` writes, removed with the suite.
  let folder: URL

  init() throws {
    folder = try temporaryFolder()
  }

  deinit {
    try? FileManager.default.removeItem(at: folder)
  }

  struct Order: Equatable, Identifiable, Codable, Sendable {
    let id: Int
    var status = Status.draft
  }

  enum Status: Equatable, Codable, Sendable {
    case draft
    case submitted(progress: Int)
  }

  struct AppFeature: Reducer {
    struct State: Equatable, Codable, Sendable {
      var orders = Orders()
    }
    struct Orders: Equatable, Codable, Sendable {
      var list: IdentifiedArray<Order> = []
    }
    enum Action: Equatable, Codable, Sendable {
      case orders(OrdersAction)
    }
    enum OrdersAction: Equatable, Codable, Sendable {
      case view(View)
    }
    enum View: Equatable, Codable, Sendable {
      case newOrderButtonTapped
      case submitButtonTapped(orderID: Int)
    }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .orders(.view(.newOrderButtonTapped)):
          state.orders.list.append(Order(id: state.orders.list.count + 1))
        case let .orders(.view(.submitButtonTapped(id))):
          state.orders.list[id: id]?.status = .submitted(progress: 0)
        }
        return .none
      }
    }
  }

  /// The recording the bug report attaches: three new orders.
  @MainActor
  func fixtureURL(_ name: String) throws -> URL {
    let url = folder.appendingPathComponent(name)
    let recorder = try SessionRecorder<AppFeature.State, AppFeature.Action>(
      fileAt: url, initialState: AppFeature.State())
    let store = Store(initialState: AppFeature.State(), recordingTo: recorder) { AppFeature() }
    for _ in 1...3 { store.send(.orders(.view(.newOrderButtonTapped))) }
    try recorder.finish()
    return url
  }

  @MainActor
  @Test func theOrderFromBugReport1234CanBeSubmitted() async throws {
    let recording = try Recording<AppFeature.State, AppFeature.Action>(
      contentsOf: fixtureURL("bug-1234.jsonl"))
    let store = try TestStore(replaying: recording) { AppFeature() }

    await store.send(.orders(.view(.submitButtonTapped(orderID: 3)))) {
      $0.orders.list[id: 3]?.status = .submitted(progress: 0)
    }
  }
}

/// "A bug report stays a test after the fix".
@MainActor
@Suite final class RecordingGuideFixedBug {
  /// Where `fixtureURL(_:)` writes, removed with the suite.
  let folder: URL

  init() throws {
    folder = try temporaryFolder()
  }

  deinit {
    try? FileManager.default.removeItem(at: folder)
  }

  struct Counter: Reducer {
    struct State: Equatable, Codable, Sendable {
      var count = 0
    }
    enum Action: Equatable, Codable, Sendable {
      case incrementTapped
    }

    var body: some Reducer<State, Action> {
      Reduce { state, _ in
        state.count += 1
        return .none
      }
    }
  }

  /// Counters pushed on a stack, and the total of their increments.
  struct TallyFeature: Reducer {
    struct State: Equatable, Codable, Sendable {
      var path = StackState<Counter.State>()
      var total = 0
    }
    enum Action: Equatable, Codable, Sendable {
      case addCounterTapped
      case resetTapped
      case path(StackAction<Counter.State, Counter.Action>)
    }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .addCounterTapped:
          state.path.append(Counter.State())
        case .resetTapped:
          for id in state.path.ids { state.path[id: id]?.count = 0 }
          state.total = 0
        case .path(.element(_, .incrementTapped)):
          state.total += 1
        case .path:
          break
        }
        return .none
      }
      .forEach(\.path, action: Action.path) { Counter() }
    }
  }

  /// The recording of bug 77: 41 counters, two increments of the last, then the reset that
  /// left the total as it was.
  ///
  /// Recorded as an app's first store records it: with the stack ids counting from 0, so the
  /// last counter is #40. (A live store shares the process's counter, which the tests running
  /// beside this one move.)
  @MainActor
  func fixtureURL(_ name: String) throws -> URL {
    let url = folder.appendingPathComponent(name)
    let recorder = try SessionRecorder<TallyFeature.State, TallyFeature.Action>(
      fileAt: url, initialState: TallyFeature.State())
    let store = Store(initialState: TallyFeature.State(), recordingTo: recorder) {
      TallyFeature()
    } withDependencies: {
      $0.stackElementIDs = StackElementIDGenerator(next: 0)
    }
    for _ in 0...40 { store.send(.addCounterTapped) }
    #expect(store.state.path.ids.last == 40)
    store.send(.path(.element(id: 40, action: .incrementTapped)))
    store.send(.path(.element(id: 40, action: .incrementTapped)))
    store.send(.resetTapped)
    try recorder.finish()
    return url
  }

  @MainActor
  @Test func resettingClearsTheTotal() async throws {
    let recording = try Recording<TallyFeature.State, TallyFeature.Action>(
      contentsOf: fixtureURL("bug-77.jsonl"))
    let store = try TestStore(replaying: recording.dropLast()) { TallyFeature() }
    await store.send(.resetTapped) {
      $0.path[id: 40]?.count = 0
      $0.total = 0
    }
  }
}

/// "Undo and redo".
enum UndoGuide {
  struct Document: Equatable {
    var name = ""
    var items: [Item] = []
  }

  struct Item: Equatable {
    var title: String
  }

  struct Editor: Reducer {
    struct State: Equatable {
      var document = Document()
      var history = UndoHistory<Document>()
    }
    enum Action { case nameChanged(String), itemAdded(Item), history(UndoAction) }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case let .nameChanged(name):
          state.document.name = name
        case let .itemAdded(item):
          state.document.items.append(item)
        case .history:
          break
        }
        return .none
      }
      .undoable(\.document, history: \.history, action: Action.history, limit: 100) {
        // Typing a name is one step.
        if case .nameChanged = $0 { "name" } else { nil }
      }
    }
  }

  @MainActor
  @Test static func typingANameIsOneStepToUndo() {
    let store = Store(initialState: Editor.State()) { Editor() }
    store.send(.nameChanged("A"))
    store.send(.nameChanged("Ada"))
    store.send(.itemAdded(Item(title: "mug")))
    store.send(.history(.undo))
    #expect(store.state.document == Document(name: "Ada"))
    store.send(.history(.undo))
    #expect(store.state.document == Document())
    store.send(.history(.redo))
    #expect(store.state.document == Document(name: "Ada"))
  }
}
