import Core
import CoreTesting
import Foundation
import Testing

// The examples of the "Built-in dependencies" article
// (Sources/Core/Documentation.docc/BuiltInDependencies.md), run as tests.

struct NotesFeature: Reducer {
  struct Note: Equatable, Sendable {
    var id: UUID
    var createdAt: Date
  }

  struct State: Equatable, Sendable {
    var notes: [Note] = []
  }

  enum Action: Equatable, Sendable {
    case addButtonTapped
  }

  @Dependency(\.uuid) var uuid
  @Dependency(\.date) var date

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .addButtonTapped:
      state.notes.append(Note(id: uuid(), createdAt: date.now))
      return .none
    }
  }
}

struct BoardFeature: Reducer {
  struct State: Equatable, Sendable {
    var mine = NotesFeature.State()
    var shared = NotesFeature.State()
  }

  enum Action: Equatable, Sendable {
    case mine(NotesFeature.Action)
    case shared(NotesFeature.Action)
  }

  static let sharedNoteID = UUID(uuidString: "5EED0000-0000-0000-0000-000000000000")!

  var body: some Reducer<State, Action> {
    Scope(state: \.mine, action: Action.mine) { NotesFeature() }
    Scope(state: \.shared, action: Action.shared) {
      NotesFeature()
        .dependency(\.uuid, .constant(Self.sharedNoteID))
    }
  }
}

@MainActor
@Suite struct BuiltInDependenciesArticleTests {
  @MainActor
  @Test func addingANoteStampsIt() async {
    let store = TestStore(initialState: NotesFeature.State()) { NotesFeature() }

    await store.send(.addButtonTapped) {
      $0.notes = [.init(id: UUID(0), createdAt: DateGenerator.testNow)]
    }
    let later = DateGenerator.testNow.addingTimeInterval(60)
    store.dependencies.date = .constant(later)
    await store.send(.addButtonTapped) {
      $0.notes.append(.init(id: UUID(1), createdAt: later))
    }
  }

  @Test func theSharedBoardUsesItsOwnIds() async {
    let store = TestStore(initialState: BoardFeature.State()) { BoardFeature() }

    await store.send(.mine(.addButtonTapped)) {
      $0.mine.notes = [.init(id: UUID(0), createdAt: DateGenerator.testNow)]
    }
    await store.send(.shared(.addButtonTapped)) {
      $0.shared.notes = [.init(id: BoardFeature.sharedNoteID, createdAt: DateGenerator.testNow)]
    }
  }
}
