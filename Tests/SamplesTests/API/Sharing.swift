import Core
import CoreTesting
import Testing

// The examples in the doc comments of Reducer+Share.swift not already in
// Docs/SharingStateBetweenScreens.md's copy: a stack of one feature, a presented destination,
// and a presented optional child.

extension SharingPage {
  /// A note's editor, presented or pushed.
  struct NoteEditor: Reducer {
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

  enum ShareOnAStackOfOneFeature {
    struct Feature: Reducer {
      struct State: Equatable {
        var notes: IdentifiedArrayOf<Note> = []
        var path = StackState<NoteDetail.State>()
      }
      enum Action: Equatable { case path(StackAction<NoteDetail.State, NoteDetail.Action>) }
      var body: some Reducer<State, Action> {
        EmptyReducer()
          .forEach(\.path, action: Action.path) { NoteDetail() }
          .share(\.notes, with: \.path, at: \.note)
      }
    }
  }

  enum ShareWithADestination {
    struct Feature: Reducer {
      struct State: Equatable {
        var notes: IdentifiedArrayOf<Note> = []
        @PresentationState var destination: Destination.State? = nil
      }
      enum Action: Equatable { case destination(PresentationAction<Destination.Action>) }
      struct Destination: Reducer {
        enum State: Equatable { case edit(NoteEditor.State) }
        enum Action: Equatable { case edit(NoteEditor.Action) }
        var body: some Reducer<State, Action> {
          Scope(state: State.edit, action: Action.edit) { NoteEditor() }
        }
      }
      var body: some Reducer<State, Action> {
        Reduce { state, action in .none }
          .ifLet(\.$destination, action: Action.destination) { Destination() }
          .share(\.notes, with: \.destination, in: Destination.State.edit, at: \.note)
      }
    }
  }

  enum ShareWithAnOptionalChild {
    struct Feature: Reducer {
      struct State: Equatable {
        var notes: IdentifiedArrayOf<Note> = []
        @PresentationState var editor: NoteEditor.State? = nil
      }
      enum Action: Equatable { case editor(PresentationAction<NoteEditor.Action>) }
      var body: some Reducer<State, Action> {
        EmptyReducer()
          .ifLet(\.$editor, action: Action.editor) { NoteEditor() }
          .share(\.notes, with: \.editor, at: \.note)
      }
    }
  }

  enum ShareFromAScreen {
    /// A detail screen presenting an editor of its own note.
    struct Detail: Reducer {
      struct State: Equatable {
        var note: Note
        @PresentationState var editor: NoteEditor.State? = nil
      }
      enum Action: Equatable { case editor(PresentationAction<NoteEditor.Action>) }
      var body: some Reducer<State, Action> {
        EmptyReducer()
          .ifLet(\.$editor, action: Action.editor) { NoteEditor() }
          .share(\.note, with: \.editor, at: \.note)
      }
    }

    /// The same with an enum destination.
    struct DestinationDetail: Reducer {
      struct State: Equatable {
        var note: Note
        @PresentationState var destination: Destination.State? = nil
      }
      enum Action: Equatable { case destination(PresentationAction<Destination.Action>) }
      typealias Destination = ShareWithADestination.Feature.Destination
      var body: some Reducer<State, Action> {
        EmptyReducer()
          .ifLet(\.$destination, action: Action.destination) { Destination() }
          .share(\.note, with: \.destination, in: Destination.State.edit, at: \.note)
      }
    }
  }

  @MainActor
  @Suite struct SharingDocs {
    @Test func aStackOfOneFeature() async {
      let note = Note(id: 1, title: "A")
      let store = TestStore(
        initialState: ShareOnAStackOfOneFeature.Feature.State(
          notes: [note], path: [NoteDetail.State(note: note)])
      ) {
        ShareOnAStackOfOneFeature.Feature()
      }
      await store.send(.path(.element(id: 0, action: .titleChanged("B")))) {
        $0.path[id: 0]?.note.title = "B"
        $0.notes[id: 1]?.title = "B"
      }
    }

    @Test func aDestination() async {
      var state = ShareWithADestination.Feature.State(notes: [Note(id: 1, title: "A")])
      state.destination = .edit(NoteEditor.State(note: Note(id: 1, title: "A")))
      let store = TestStore(initialState: state) { ShareWithADestination.Feature() }
      await store.send(.destination(.presented(.edit(.titleChanged("B"))))) {
        $0.destination.modify(ShareWithADestination.Feature.Destination.State.edit) {
          $0.note.title = "B"
        }
        $0.notes[id: 1]?.title = "B"
      }
    }

    @Test func anOptionalChild() async {
      var state = ShareWithAnOptionalChild.Feature.State(notes: [Note(id: 1, title: "A")])
      state.editor = NoteEditor.State(note: Note(id: 1, title: "A"))
      let store = TestStore(initialState: state) { ShareWithAnOptionalChild.Feature() }
      await store.send(.editor(.presented(.titleChanged("B")))) {
        $0.editor?.note.title = "B"
        $0.notes[id: 1]?.title = "B"
      }
    }

    @Test func aScreensOwnNote() async {
      var state = ShareFromAScreen.Detail.State(note: Note(id: 1, title: "A"))
      state.editor = NoteEditor.State(note: Note(id: 1, title: "A"))
      let store = TestStore(initialState: state) { ShareFromAScreen.Detail() }
      await store.send(.editor(.presented(.titleChanged("B")))) {
        $0.editor?.note.title = "B"
        $0.note.title = "B"
      }
    }

    @Test func aScreensOwnNoteInADestination() async {
      var state = ShareFromAScreen.DestinationDetail.State(note: Note(id: 1, title: "A"))
      state.destination = .edit(NoteEditor.State(note: Note(id: 1, title: "A")))
      let store = TestStore(initialState: state) { ShareFromAScreen.DestinationDetail() }
      await store.send(.destination(.presented(.edit(.titleChanged("B"))))) {
        $0.destination = .edit(NoteEditor.State(note: Note(id: 1, title: "B")))
        $0.note.title = "B"
      }
    }
  }
}
