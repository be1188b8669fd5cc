import Testing

@testable import Core

@MainActor
@Suite struct RowScopeHintTests {
  private func storeWithRows(_ count: Int) -> Store<AppState, AppAction> {
    var state = AppState()
    for id in 0..<count { state.rows.append(Row(id: id)) }
    return Store(initialState: state) { AppReducer() }
  }

  /// Observed stores scoped with `scope(state: \.rows[id: id], action: ...)`.
  private func keyPathRowStores(
    _ store: Store<AppState, AppAction>, _ ids: Range<Int>
  ) -> [(store: Store<Row, RowAction>, subscription: StoreSubscription)] {
    ids.compactMap { id in
      guard
        let row = store.scope(
          state: \.rows[id: id],
          action: { (action: RowAction) in AppAction.row(id: id, action: action) })
      else { return nil }
      return (row, row.observe { _ in })
    }
  }

  @Test func manyKeyPathRowScopesGetOneHintNamingTheElementScope() {
    let store = storeWithRows(400)
    var rows: [(store: Store<Row, RowAction>, subscription: StoreSubscription)] = []
    let issues = collectingIssues {
      rows = keyPathRowStores(store, 0..<400)
      rows += keyPathRowStores(store, 0..<400)
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("scope(state:id:action:)") == true)
    #expect(issues.first?.contains("'Row'") == true)
    for row in rows { row.subscription.cancel() }
  }

  @Test func aFewHundredKeyPathRowScopesOrElementScopesGetNoHint() {
    let store = storeWithRows(400)
    var subscriptions: [StoreSubscription] = []
    let issues = collectingIssues {
      subscriptions = keyPathRowStores(store, 0..<RowScopeHint.threshold).map(\.subscription)
      for id in 0..<400 {
        if let row = store.scope(state: \.rows, id: id, action: AppAction.row) {
          subscriptions.append(row.observe { _ in })
        }
      }
    }
    #expect(issues.isEmpty)
    for subscription in subscriptions { subscription.cancel() }
  }
}
