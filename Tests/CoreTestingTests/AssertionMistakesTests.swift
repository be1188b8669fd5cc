import Core
import CoreTesting
import Testing

/// A list of rows that adds one with the next id.
private struct Rows: Reducer {
  struct Row: Equatable, Identifiable, Sendable {
    let id: Int
    var title = ""
  }
  struct State: Equatable {
    var rows: IdentifiedArray<Row> = [Row(id: 1)]
  }
  enum Action: Equatable { case addTapped }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.rows.append(Row(id: state.rows.count + 1))
    return .none
  }
}

/// What a test writes in an assertion fails that test at most: it never ends the test run.
@MainActor
@Suite struct AssertionMistakesTests {
  @Test func appendingARowWhoseIDIsPresentFailsTheStepNamingTheID() async {
    let store = TestStore(initialState: Rows.State()) { Rows() }
    let line = #line + 2
    let issues = await recordedIssues {
      await store.send(.addTapped) { $0.rows.append(Rows.Row(id: 1)) }
    }
    // The repeated id, then the state the closure left: the row was not added.
    #expect(issues.count == 2, "\(issues)")
    #expect(issues.allSatisfy { $0.location.map { Int($0.line) } == line })
    #expect(issues.first?.message.contains("whose id '1' is already at position 0") == true)
    #expect(issues.last?.message.contains("rows[id: 2]") == true, "\(issues)")
    #expect(store.state.rows.ids == [1, 2])
  }

  @Test func addingARepeatedIDOutsideAnyStoreFailsTheTest() async {
    var rows: IdentifiedArray<Rows.Row> = [Rows.Row(id: 1)]
    let issues = await recordedIssues {
      rows += [Rows.Row(id: 2), Rows.Row(id: 1, title: "again")]
    }
    #expect(rows.ids == [1, 2])
    #expect(rows[id: 1]?.title == "")
    #expect(issues.count == 1, "\(issues)")
    #expect(issues.first?.message.contains("'1'") == true)
  }
}
