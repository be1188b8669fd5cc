import Testing

@testable import Core

/// An optional child, a row or an enum case removed by a reducer that runs outside its
/// `ifLet`, `forEach` or `ifCaseLet` (before it, in the same body) loses its work the next
/// time an action goes through the operator, as presented and stacked children do
/// (`MountedChildTests`).
@MainActor
@Suite struct RemovedElsewhereTests {
  struct Lists: Reducer {
    struct State: Equatable, Sendable {
      var rows: IdentifiedArray<Worker.State> = [Worker.State(id: 1)]
      var note: Worker.State? = Worker.State(id: 2)
    }
    enum Action: Equatable, Sendable {
      case clearedElsewhere, ping
      case row(id: Int, action: Worker.Action)
      case note(Worker.Action)
    }
    let gate: EffectGate

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        if action == .clearedElsewhere {
          state.rows = []
          state.note = nil
        }
        return .none
      }
      EmptyReducer()
        .forEach(\.rows, action: Action.row) { Worker(gate: gate) }
        .ifLet(\.note, action: Action.note) { Worker(gate: gate) }
    }
  }

  enum Mode: Reducer {
    enum State: Equatable, Sendable {
      case idle
      case working(Worker.State)
    }
    enum Action: Equatable, Sendable {
      case idledElsewhere, ping
      case working(Worker.Action)
    }
    case feature(EffectGate)

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        if action == .idledElsewhere { state = .idle }
        return .none
      }
      if case let .feature(gate) = self {
        EmptyReducer()
          .ifCaseLet(State.working, action: Action.working) { Worker(gate: gate) }
      }
    }
  }

  @Test func aRowAndAnOptionalChildRemovedElsewhereLoseTheirWork() async {
    let gate = EffectGate()
    let store = Store(initialState: Lists.State()) { Lists(gate: gate) }
    let issues = await collectingIssues {
      let row = store.send(.row(id: 1, action: .start))
      let note = store.send(.note(.start))
      store.send(.clearedElsewhere)
      store.send(.ping)
      gate.open()
      await row.finish()
      await note.finish()
    }
    // Their work was cancelled: no tick arrived for a child that is gone.
    #expect(issues.isEmpty)
    #expect(store.state == Lists.State(rows: [], note: nil))
  }

  @Test func aCaseLeftElsewhereLosesItsWork() async {
    let gate = EffectGate()
    let store = Store(initialState: Mode.State.working(Worker.State(id: 3))) {
      Mode.feature(gate)
    }
    let issues = await collectingIssues {
      let work = store.send(.working(.start))
      store.send(.idledElsewhere)
      store.send(.ping)
      gate.open()
      await work.finish()
    }
    #expect(issues.isEmpty)
    #expect(store.state == .idle)
  }
}
