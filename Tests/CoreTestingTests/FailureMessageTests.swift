import Core
import CoreTesting
import Testing

/// A list of notes and a stack of note screens, for failure messages.
private struct Notebook: Reducer {
  struct Note: Equatable, Identifiable, Sendable {
    let id: Int
    var body = ""
  }
  struct State: Equatable {
    var notes: IdentifiedArrayOf<Note> = []
    var path = StackState<Note>()
  }
  enum Action: Equatable {
    case bodyChanged(id: Int, String)
    case path(StackAction<Note, Screen>)
  }
  enum Screen: Equatable { case saveTapped }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case let .bodyChanged(id, body) = action { state.notes[id: id]?.body = body }
      return .none
    }
    .forEach(\.path, action: Action.path) { EmptyReducer<Note, Screen>() }
  }
}

/// Failure messages name rows by id and print actions as a user writes them.
@MainActor
@Suite struct FailureMessageTests {
  @Test func aWrongRowIsNamedByItsID() async {
    var initial = Notebook.State()
    initial.notes = [.init(id: 1), .init(id: 3, body: "draft")]
    let store = TestStore(initialState: initial) { Notebook() }
    let line = #line + 2
    let issues = await recordedIssues {
      await store.send(.bodyChanged(id: 3, "final")) { $0.notes[id: 3]?.body = "Final" }
    }
    expectOneIssue(
      issues, atLine: line,
      containing: [
        "send(.bodyChanged(id: 3, \"final\"))",
        "- notes[id: 3].body: \"Final\"\n  + notes[id: 3].body: \"final\"",
      ])
  }

  @Test func aStackActionPrintsAsItIsWritten() async {
    var initial = Notebook.State()
    initial.path.append(.init(id: 1))
    let store = TestStore(initialState: initial) { Notebook() }
    let line = #line + 2
    let issues = await recordedIssues {
      await store.receive(.path(.element(id: 0, action: .saveTapped)), timeout: .zero)
    }
    expectOneIssue(
      issues, atLine: line,
      containing: ["'.path(.element(id: #0, action: .saveTapped))'"])
    #expect(issues.first?.message.contains("StackAction<") == false)
  }
}
