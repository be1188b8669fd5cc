import Core
import Testing

// The sample of Docs/Performance.md: one store per row, keyed by the row's id.

enum PerformanceElementScopes {
  typealias Row = ComingFromTCARows.Row

  struct AppState: Equatable, Sendable {
    var rows: IdentifiedArray<Row.State>
  }

  enum AppAction: Equatable, Sendable {
    case row(id: Row.State.ID, action: Row.Action)
  }

  struct App: Reducer {
    var body: some Reducer<AppState, AppAction> {
      Reduce { _, _ in .none }.forEach(\.rows, action: AppAction.row) { Row() }
    }
  }

  @MainActor
  @Test static func aRowStoreSendsToItsRow() {
    let store = Store(initialState: AppState(rows: [Row.State(id: 1), Row.State(id: 2)])) {
      App()
    }
    let row = store.state.rows[1]
    let rowStore = store.scope(state: \.rows, id: row.id, action: AppAction.row)
    rowStore?.send(.toggle)
    #expect(store.state.rows.map(\.isDone) == [false, true])
    #expect(rowStore?.state.isDone == true)
  }
}
