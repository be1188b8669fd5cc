import Core
import CoreTesting
import Foundation
import Testing

// The samples of Docs/SharingStateBetweenScreens.md: a list of notes whose detail screen edits
// one, shared with the list, and the list kept in a file.

enum SharingPage {
  struct Note: Codable, Equatable, Identifiable, Sendable {
    var id: Int
    var title: String
  }

  struct NoteDetail: Reducer {
    struct State: Equatable { var note: Note }
    enum Action: Equatable { case titleChanged(String) }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .titleChanged(title):
        state.note.title = title
        return .none
      }
    }
  }

  struct NotesFeature: Reducer {
    struct State: Equatable {
      var notes: IdentifiedArrayOf<Note> = []
      var path = StackState<Path.State>()
    }
    enum Action: Equatable {
      case noteTapped(Note.ID)
      case deleteSwiped(Note.ID)
      case path(StackAction<Path.State, Path.Action>)
    }
    struct Path: Reducer {
      enum State: Equatable { case detail(NoteDetail.State) }
      enum Action: Equatable { case detail(NoteDetail.Action) }
      var body: some Reducer<State, Action> {
        Scope(state: State.detail, action: Action.detail) { NoteDetail() }
      }
    }
    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case let .noteTapped(id):
          guard let note = state.notes[id: id] else { return .none }
          state.path.append(.detail(NoteDetail.State(note: note)))
          return .none
        case let .deleteSwiped(id):
          state.notes.remove(id: id)
          return .none
        case .path:
          return .none
        }
      }
      .forEach(\.path, action: Action.path) { Path() }
      .share(\.notes, with: \.path, in: Path.State.detail, at: \.note)
    }
  }

  @MainActor
  @Suite struct SharingStateBetweenScreensPage {
    @Test func testing() async {
      let store = TestStore(
        initialState: NotesFeature.State(notes: [Note(id: 1, title: "Shopping")])
      ) {
        NotesFeature()
      }
      await store.send(.noteTapped(1)) {
        $0.path.append(.detail(NoteDetail.State(note: Note(id: 1, title: "Shopping"))))
      }
      await store.send(.path(.element(id: 0, action: .detail(.titleChanged("Groceries"))))) {
        $0.path[id: 0].modify(NotesFeature.Path.State.detail) { $0.note.title = "Groceries" }
        $0.notes[id: 1]?.title = "Groceries"
      }
      await store.send(.deleteSwiped(1)) {
        $0.notes = []
        $0.path = []
      }
    }

    @Test func persisting() throws {
      var printed: [String] = []
      func print(_ text: String) { printed.append(text) }
      let storage = InMemoryStorage()
      let url = URL(fileURLWithPath: "/app/notes.json")
      try withDependencies {
        $0.persistentStorage = storage
      } operation: {
        let store = try Store(
          initialState: NotesFeature.State(), persisting: \.notes, at: url, format: .notes
        ) {
          NotesFeature()
        }
        if let error = store.flushPersistedState() {
          print("The notes could not be saved: \(error)")
        }
      }
      #expect(printed.isEmpty)
      #expect(try storage.value(at: url, as: .notes) == [])
    }
  }
}

extension PersistenceFormat<IdentifiedArrayOf<SharingPage.Note>> {
  static let notes = PersistenceFormat(name: "Notes")
}
