import Core
import Foundation

/// A small feature for the history tests: notes made with a UUID and a date, one of them by an
/// effect that feeds an action back.
struct JournalFeature: Reducer {
  struct Note: Codable, Equatable, Sendable {
    var id: UUID
    var text: String
    var createdAt: Date
  }

  struct State: Codable, Equatable, Sendable {
    var notes: [Note] = []
    var draft = ""
    var saves = 0
  }

  enum Action: Codable, Equatable, Sendable {
    case draftChanged(String)
    case addTapped
    case saveTapped
    case saved(token: UUID)
    case removeAll
  }

  @Dependency(\.uuid) var uuid
  @Dependency(\.date) var date

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .draftChanged(let text):
      state.draft = text
      return .none
    case .addTapped:
      state.notes.append(Note(id: uuid(), text: state.draft, createdAt: date.now))
      state.draft = ""
      return .none
    case .saveTapped:
      // The effect's own UUID is not the reducer's: it reaches the state only through `.saved`.
      return .run { [uuid] send in await send(.saved(token: uuid())) }
    case .saved:
      state.saves += 1
      return .none
    case .removeAll:
      state.notes.removeAll()
      return .none
    }
  }
}

/// `JournalFeature` with one difference: adding a note upper-cases it.
struct ChangedJournalFeature: Reducer {
  func reduce(
    into state: inout JournalFeature.State, action: JournalFeature.Action
  ) -> Effect<JournalFeature.Action> {
    let effect = JournalFeature().reduce(into: &state, action: action)
    if case .addTapped = action, let last = state.notes.indices.last {
      state.notes[last].text = state.notes[last].text.uppercased()
    }
    return effect
  }
}

/// `JournalFeature`, asking for one more UUID per note.
struct GreedyJournalFeature: Reducer {
  @Dependency(\.uuid) var uuid

  func reduce(
    into state: inout JournalFeature.State, action: JournalFeature.Action
  ) -> Effect<JournalFeature.Action> {
    if case .addTapped = action { _ = uuid() }
    return JournalFeature().reduce(into: &state, action: action)
  }
}

/// A fresh path in the temporary directory, removed when the value is released.
final class TemporaryFile {
  let url: URL

  init(_ name: String = "recording.jsonl") {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("history-tests-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    url = directory.appendingPathComponent(name)
  }

  var lines: [String] {
    ((try? String(contentsOf: url, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
  }

  func write(_ text: String) {
    try? Data(text.utf8).write(to: url)
  }

  deinit {
    try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
  }
}
