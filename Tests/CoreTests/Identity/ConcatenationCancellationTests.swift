import Testing

@testable import Core

/// Cancelling a concatenation cancels its own work, not the effects that the reductions of the
/// actions it sent started: those belong to the actions.
@MainActor
@Suite struct ConcatenationCancellationTests {
  struct Editor: Reducer {
    struct State: Equatable, Sendable {}
    enum Action: Equatable, Sendable {
      case saveTapped
      case delegate(Delegate)
      enum Delegate: Equatable, Sendable { case finished }
    }
    let gate: EffectGate

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .saveTapped:
        return .concatenate(
          .run { [gate] _ in await gate.wait() },
          .send(.delegate(.finished)))
      case .delegate:
        return .none
      }
    }
  }

  struct Parent: Reducer {
    struct State: Equatable, Sendable {
      @PresentationState var editor: Editor.State? = Editor.State()
      var isSaved = false
      var isFinished = false
    }
    enum Action: Equatable, Sendable {
      case editor(PresentationAction<Editor.Action>)
      case startTapped, finished, cancelTapped, saved
    }
    enum CancelID { case work }
    let gate: EffectGate
    let saveGate: EffectGate

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .editor(.presented(.delegate(.finished))), .finished:
          // The child (or the work) is done: dismiss it and save.
          state.editor = nil
          state.isFinished = true
          return .run { [saveGate] send in
            await saveGate.wait()
            await send(.saved)
          }
        case .startTapped:
          return .concatenate(.run { [gate] _ in await gate.wait() }, .send(.finished))
            .cancellable(id: CancelID.work)
        case .cancelTapped:
          return .cancel(id: CancelID.work)
        case .saved:
          state.isSaved = true
          return .none
        case .editor:
          return .none
        }
      }
      .ifLet(\.$editor, action: Action.editor) { Editor(gate: gate) }
    }
  }

  @Test func dismissingAChildOnItsDelegateActionKeepsTheParentsSave() async {
    let (gate, saveGate) = (EffectGate(), EffectGate())
    let store = Store(initialState: Parent.State()) { Parent(gate: gate, saveGate: saveGate) }
    let task = store.send(.editor(.presented(.saveTapped)))
    gate.open()
    saveGate.open()
    await task.finish()
    #expect(store.state.editor == nil)
    #expect(store.state.isSaved)
  }

  @Test func cancellingAConcatenationKeepsTheEffectsOfTheActionsItSent() async {
    let (gate, saveGate) = (EffectGate(), EffectGate())
    let store = Store(initialState: Parent.State()) { Parent(gate: gate, saveGate: saveGate) }
    let task = store.send(.startTapped)
    gate.open()
    while !store.state.isFinished { await Task.yield() }
    store.send(.cancelTapped)  // the concatenation waits for the save: cancel it then
    saveGate.open()
    await task.finish()
    #expect(store.state.isSaved)
  }
}
