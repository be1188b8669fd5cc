import Testing

@testable import Core

/// A value put back from an older copy (an undo, a redo, a kept draft) says nothing about which
/// children have work running: the store does. A child the older value lacks loses its work;
/// a child it brings back is still ended when dismissed later.
@MainActor
@Suite struct RestoredChildTests {
  struct Editor: Reducer {
    struct Document: Equatable, Sendable {
      @PresentationState var worker: Worker.State?
      var path = StackState<Worker.State>()
      var rows: IdentifiedArray<Worker.State> = []
      var title = ""
    }
    struct State: Equatable, Sendable {
      var document = Document()
      var history = UndoHistory<Document>()
      var draft: Document?
    }
    enum Action: Equatable, Sendable {
      case present, push, addRow, dismissAll, keepDraft, restoreDraft
      case retitle(String)
      case worker(PresentationAction<Worker.Action>)
      case path(StackAction<Worker.State, Worker.Action>)
      case row(id: Int, action: Worker.Action)
      case history(UndoAction)
    }
    let gate: EffectGate

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .present: state.document.worker = Worker.State(id: 1)
        case .push: state.document.path.append(Worker.State(id: 2))
        case .addRow: state.document.rows.append(Worker.State(id: 3))
        case .dismissAll:
          state.document.worker = nil
          state.document.path.removeAll()
        case .keepDraft: state.draft = state.document
        case .restoreDraft: state.document = state.draft ?? state.document
        case let .retitle(title): state.document.title = title
        case .worker, .path, .row, .history: break
        }
        return .none
      }
      .ifLet(\.document.$worker, action: Action.worker) { Worker(gate: gate) }
      .forEach(\.document.path, action: Action.path) { Worker(gate: gate) }
      .forEach(\.document.rows, action: Action.row) { Worker(gate: gate) }
      .undoable(\.document, history: \.history, action: Action.history)
    }
  }

  /// Sends `actions` in order, then lets every started effect run to its end; returns the
  /// issues reported meanwhile (a tick for a child that is gone is one).
  func run(_ actions: [Editor.Action], in store: StoreOf<Editor>, gate: EffectGate) async
    -> [String]
  {
    await collectingIssues {
      var tasks: [StoreTask] = []
      for action in actions { tasks.append(store.send(action)) }
      gate.open()
      for task in tasks { await task.finish() }
    }
  }

  @Test func anUndoThatRemovesAPresentedChildEndsItsWork() async {
    let gate = EffectGate()
    let store = Store(initialState: Editor.State()) { Editor(gate: gate) }
    let issues = await run(
      [.present, .worker(.presented(.start)), .history(.undo)], in: store, gate: gate)
    #expect(issues.isEmpty)
    #expect(store.state.document.worker == nil)
  }

  @Test func anUndoThatRemovesAScreenEndsItsWork() async {
    let gate = EffectGate()
    let store = Store(initialState: Editor.State()) { Editor(gate: gate) }
    store.send(.push)
    let screen = store.state.document.path.ids[0]
    let issues = await run(
      [.path(.element(id: screen, action: .start)), .history(.undo)], in: store, gate: gate)
    #expect(issues.isEmpty)
    #expect(store.state.document.path.isEmpty)
  }

  @Test func anUndoThatRemovesARowEndsItsWork() async {
    let gate = EffectGate()
    let store = Store(initialState: Editor.State()) { Editor(gate: gate) }
    let issues = await run(
      [.addRow, .row(id: 3, action: .start), .history(.undo)], in: store, gate: gate)
    #expect(issues.isEmpty)
    #expect(store.state.document.rows.isEmpty)
  }

  @Test func aChildAnUndoKeepsIsEndedWhenDismissedLater() async {
    let gate = EffectGate()
    let store = Store(initialState: Editor.State()) { Editor(gate: gate) }
    store.send(.present)
    store.send(.push)
    let screen = store.state.document.path.ids[0]
    // The step undone was taken before the children's work started.
    let issues = await run(
      [
        .retitle("draft"), .worker(.presented(.start)),
        .path(.element(id: screen, action: .start)), .history(.undo), .dismissAll,
      ],
      in: store, gate: gate)
    #expect(issues.isEmpty)
    #expect(store.state.document.worker == nil && store.state.document.path.isEmpty)
  }

  @Test func aChildPutBackFromAKeptDraftIsEndedWhenDismissedLater() async {
    let gate = EffectGate()
    let store = Store(initialState: Editor.State()) { Editor(gate: gate) }
    store.send(.present)
    let issues = await run(
      [.keepDraft, .worker(.presented(.start)), .restoreDraft, .dismissAll], in: store,
      gate: gate)
    #expect(issues.isEmpty)
    #expect(store.state.document.worker == nil)
  }

  @Test func anUndoThatKeepsAChildKeepsItsWork() async {
    let gate = EffectGate()
    let store = Store(initialState: Editor.State()) { Editor(gate: gate) }
    store.send(.present)
    let issues = await run(
      [.worker(.presented(.start)), .retitle("draft"), .history(.undo)], in: store, gate: gate)
    #expect(issues.isEmpty)
    #expect(store.state.document.worker?.ticks == 1)
  }
}
