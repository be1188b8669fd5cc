import Core
import CoreTesting
import Testing

/// A list of notes whose editor is a screen of an enum destination, for `modify` and `assert`.
private struct Notebook: Reducer {
  struct State: Equatable {
    var notes: [String] = []
    @PresentationState var destination: Destination.State?
    var path = StackState<Destination.State>()
  }
  enum Action: Equatable, Sendable {
    case editTapped(String)
    case pushTapped(String)
    case destination(PresentationAction<Destination.Action>)
    case path(StackAction<Destination.State, Destination.Action>)
  }
  struct Editor: Reducer {
    struct State: Equatable { var text: String }
    enum Action: Equatable, Sendable { case textChanged(String) }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .textChanged(text):
        state.text = text
        return .none
      }
    }
  }
  struct Destination: Reducer {
    enum State: Equatable {
      case editor(Editor.State)
      case viewer(Editor.State)
    }
    enum Action: Equatable, Sendable {
      case editor(Editor.Action)
      case viewer(Editor.Action)
    }
    var body: some Reducer<State, Action> {
      Scope(state: State.editor, action: Action.editor) { Editor() }
      Scope(state: State.viewer, action: Action.viewer) { Editor() }
    }
  }
  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case let .editTapped(text):
        state.destination = .editor(Editor.State(text: text))
        return .none
      case let .pushTapped(text):
        state.path.append(.editor(Editor.State(text: text)))
        return .none
      case .destination, .path:
        return .none
      }
    }
    .ifLet(\.$destination, action: Action.destination) { Destination() }
    .forEach(\.path, action: Action.path) { Destination() }
  }
}

@MainActor
@Suite struct TestStoreAssertTests {
  // MARK: isDismissed

  @Test func isDismissedAfterTheFeatureDismissedItself() async {
    let store = TestStore(initialState: 0) { SelfDismissingSheet() }
    #expect(!store.isDismissed)
    await store.send(.noteTapped) { $0 = 1 }
    #expect(!store.isDismissed)
    await store.send(.closeTapped)
    #expect(store.isDismissed)
  }

  // MARK: assert

  @Test func assertPassesWhenTheClosureSetsTheValuesTheStateHas() async {
    let store = TestStore(initialState: Notebook.State()) { Notebook() }
    await store.send(.editTapped("a")) { $0.destination = .editor(.init(text: "a")) }
    let issues = await recordedIssues {
      store.assert { $0.destination = .editor(.init(text: "a")) }
      store.assert { $0.notes = [] }
    }
    #expect(issues.isEmpty)
  }

  @Test func assertFailsAtItsLineWithADiff() async {
    let store = TestStore(initialState: Notebook.State()) { Notebook() }
    await store.send(.editTapped("a")) { $0.destination = .editor(.init(text: "a")) }
    let line = #line + 2
    let issues = await recordedIssues {
      store.assert { $0.notes = ["a"] }
    }
    expectOneIssue(
      issues, atLine: line,
      containing: ["The state does not match 'assert'", "- notes[0]: \"a\""])
  }

  @Test func assertChecksTheStateAsOfTheLastAssertion() async {
    let store = TestStore(initialState: 0) { Relay() }
    await store.send(.firstTapped) { $0 = 1 }
    store.assert { $0 = 1 }  // `.secondArrived` is not received yet
    await store.receive(.secondArrived) { $0 = 2 }
    store.assert { $0 = 2 }
  }

  @Test func anAppendInAssertTakesTheNextStackID() async {
    let store = TestStore(initialState: Notebook.State()) { Notebook() }
    await store.send(.pushTapped("a")) { $0.path.append(.editor(.init(text: "a"))) }
    let line = #line + 2
    let issues = await recordedIssues {
      store.assert { $0.path.append(.editor(.init(text: "b"))) }
    }
    expectOneIssue(issues, atLine: line, containing: ["#1"])
  }

  // MARK: withExhaustivity

  @Test func withExhaustivityAppliesToItsStepsOnly() async {
    let store = TestStore(initialState: 0) { Relay() }
    await store.withExhaustivity(.off) {
      #expect(store.exhaustivity == .off)
      await store.send(.firstTapped)  // not asserted: fine when not exhaustive
      await store.skipReceivedActions()
    }
    #expect(store.exhaustivity == .on)
    let line = #line + 2
    let issues = await recordedIssues {
      await store.send(.addTapped)
    }
    expectOneIssue(
      issues, atLine: line, containing: ["State changed after 'send(.addTapped)'", "+ value: 12"])
  }

  @Test func withExhaustivityReturnsWhatItsOperationReturns() async {
    let store = TestStore(initialState: 0) { Relay() }
    let state = await store.withExhaustivity(.off) {
      await store.send(.addTapped)
      return store.state
    }
    #expect(state == 10)
  }

  // MARK: modify

  @Test func modifyChangesTheCaseOfAPresentedDestination() async {
    let store = TestStore(initialState: Notebook.State()) { Notebook() }
    await store.send(.editTapped("a")) { $0.destination = .editor(.init(text: "a")) }
    await store.send(.destination(.presented(.editor(.textChanged("ab"))))) {
      $0.destination.modify(Notebook.Destination.State.editor) { $0.text = "ab" }
    }
  }

  @Test func modifyChangesTheCaseOfAStackScreen() async {
    let store = TestStore(initialState: Notebook.State()) { Notebook() }
    await store.send(.pushTapped("a")) { $0.path.append(.editor(.init(text: "a"))) }
    let id = store.state.path.ids[0]
    await store.send(.path(.element(id: id, action: .editor(.textChanged("ab"))))) {
      $0.path[id: id].modify(Notebook.Destination.State.editor) { $0.text = "ab" }
    }
  }

  @Test func modifyWithACasePath() {
    let editor = AnyCasePath<Notebook.Destination.State, Notebook.Editor.State>(
      embed: { .editor($0) },
      extract: { if case let .editor(state) = $0 { state } else { nil } })
    var destination: Notebook.Destination.State? = .editor(.init(text: "a"))
    destination.modify(editor) { $0.text = "b" }
    #expect(destination == .editor(.init(text: "b")))
  }

  @Test func modifyOfAnotherCaseReportsAndChangesNothing() async {
    var destination: Notebook.Destination.State? = .viewer(.init(text: "a"))
    let line = #line + 2
    let issues = await recordedIssues {
      destination.modify(Notebook.Destination.State.editor) { $0.text = "b" }
    }
    expectOneIssue(
      issues, atLine: line,
      containing: ["'modify' expected a 'Notebook.Editor.State' case", "found '.viewer("])
    #expect(destination == .viewer(.init(text: "a")))
  }

  @Test func modifyOfNilReportsAndChangesNothing() async {
    var destination: Notebook.Destination.State?
    let line = #line + 2
    let issues = await recordedIssues {
      destination.modify(Notebook.Destination.State.editor) { $0.text = "b" }
    }
    expectOneIssue(issues, atLine: line, containing: ["but found nil. Nothing was changed."])
    #expect(destination == nil)
  }

  @Test func aWrongModifyInAnAssertionFailsTheStep() async {
    let store = TestStore(initialState: Notebook.State()) { Notebook() }
    await store.send(.editTapped("a")) { $0.destination = .editor(.init(text: "a")) }
    let issues = await recordedIssues {
      await store.send(.destination(.presented(.editor(.textChanged("ab"))))) {
        $0.destination.modify(Notebook.Destination.State.viewer) { $0.text = "ab" }
      }
    }
    #expect(issues.count == 2)  // the wrong case, then the state that does not match
  }
}
