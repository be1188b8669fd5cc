import Observation
import Testing

@testable import Core

@MainActor
@Suite struct ElementScopeTests {
  private func storeWithRows(_ ids: [Int]) -> Store<AppState, AppAction> {
    var state = AppState()
    for id in ids { state.rows.append(Row(id: id)) }
    return Store(initialState: state) { AppReducer() }
  }

  @Test func absentIDGivesNoStore() {
    let store = storeWithRows([1])
    #expect(store.scope(state: \.rows, id: 2, action: AppAction.row) == nil)
  }

  @Test func elementStoreReadsItsElementAndForwardsWrappedActions() throws {
    let store = storeWithRows([1, 2])
    let row = try #require(store.scope(state: \.rows, id: 2, action: AppAction.row))
    row.send(.increment)
    #expect(row.state == Row(id: 2, value: 1))
    #expect(store.state.rows[id: 2]?.value == 1)
    #expect(store.state.rows[id: 1]?.value == 0)
  }

  @Test func observersHearOnlyTheirOwnElementsChanges() throws {
    let store = storeWithRows(Array(0..<10))
    let recorders = try (0..<10).map { id in
      Recorder(try #require(store.scope(state: \.rows, id: id, action: AppAction.row)))
    }
    store.send(.row(id: 3, action: .increment))
    store.send(.unrelatedChanged)
    store.send(.profile(.nameChanged("Ada")))
    store.send(.row(id: 3, action: .increment))
    store.send(.row(id: 7, action: .increment))
    for (id, recorder) in recorders.enumerated() {
      let expected: [Int] =
        switch id {
        case 3: [0, 1, 2]
        case 7: [0, 1]
        default: [0]
        }
      #expect(recorder.values.map(\.value) == expected, "row \(id)")
    }
  }

  @Test func changesMadeByTheParentReducerReachTheElementStore() throws {
    let store = Store(initialState: AppState()) {
      Reduce<AppState, AppAction> { state, action in
        switch action {
        case let .rowAdded(id): state.rows.append(Row(id: id))
        case let .rowRemoved(id): state.rows[id: id]?.value += 10
        default: break
        }
        return .none
      }
    }
    store.send(.rowAdded(1))
    store.send(.rowAdded(2))
    let recorder = Recorder(try #require(store.scope(state: \.rows, id: 1, action: AppAction.row)))
    store.send(.rowRemoved(2))
    store.send(.rowRemoved(1))
    #expect(recorder.values.map(\.value) == [0, 10])
  }

  @Test func removedElementKeepsItsLastValueAndDropsActions() throws {
    let store = storeWithRows([1, 2])
    let row = try #require(store.scope(state: \.rows, id: 1, action: AppAction.row))
    let recorder = Recorder(row)
    store.send(.row(id: 1, action: .increment))
    store.send(.rowRemoved(1))
    #expect(row.state == Row(id: 1, value: 1))
    let issues = collectingIssues { row.send(.increment) }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("\\AppState.rows[id: 1]") == true)
    #expect(store.state.rows.ids == [2])
    store.send(.rowAdded(1))
    #expect(row.state == Row(id: 1, value: 0))
    #expect(recorder.values.map(\.value) == [0, 1, 0])
  }

  @Test func everyStoreOfAnIDIsNotified() throws {
    let store = storeWithRows([1])
    let first = Recorder(try #require(store.scope(state: \.rows, id: 1, action: AppAction.row)))
    let second = Recorder(try #require(store.scope(state: \.rows, id: 1, action: AppAction.row)))
    store.send(.row(id: 1, action: .increment))
    #expect(first.values.map(\.value) == [0, 1])
    #expect(second.values.map(\.value) == [0, 1])
  }

  @Test func reorderingNotifiesNoElementStore() throws {
    let store = Store(initialState: AppState()) {
      Reduce<AppState, AppAction> { state, action in
        switch action {
        case let .rowAdded(id): state.rows.append(Row(id: id))
        case .unrelatedChanged: state.rows.swapAt(0, 1)
        default: break
        }
        return .none
      }
    }
    store.send(.rowAdded(1))
    store.send(.rowAdded(2))
    let recorder = Recorder(try #require(store.scope(state: \.rows, id: 1, action: AppAction.row)))
    store.send(.unrelatedChanged)
    #expect(store.state.rows.ids == [2, 1])
    #expect(recorder.values.count == 1)
  }

  @Test func cancelledElementStoresLeaveTheParent() throws {
    let store = storeWithRows([1, 2])
    let row = try #require(store.scope(state: \.rows, id: 1, action: AppAction.row))
    let subscription = row.observe { _ in }
    #expect(store.children.count == 1)
    subscription.cancel()
    #expect(store.children.count == 0)
  }

  @Test func releasedElementStoresStopBeingVisited() throws {
    let store = storeWithRows([1, 2])
    weak var released: Store<Row, RowAction>?
    do {
      let row = try #require(store.scope(state: \.rows, id: 1, action: AppAction.row))
      _ = row.state  // read: registered without an observer
      released = row
    }
    #expect(released == nil)
    store.send(.row(id: 1, action: .increment))
    store.send(.row(id: 2, action: .increment))
    #expect(store.state.rows.map(\.value) == [1, 1])
    #expect(store.children.count == 0)
  }

  @Test func observedElementStoreStillReadIsFreedOnceItsSubscriptionEndsAndItIsDropped() throws {
    let store = storeWithRows([1, 2])
    weak var released: Store<Row, RowAction>?
    var subscription: StoreSubscription?
    do {
      let row = try #require(store.scope(state: \.rows, id: 1, action: AppAction.row))
      subscription = row.observe { _ in }
      // Read as well: the store stays attached, tracked, after its subscription ends.
      _ = row.state
      released = row
    }
    #expect(released != nil)

    subscription?.cancel()

    #expect(released == nil)
    store.send(.row(id: 1, action: .increment))
    #expect(store.state.rows.map(\.value) == [1, 0])
  }

  @Test func elementStoresOfAScopedStoreFollowTheirElements() throws {
    let store = storeWithRows([1, 2])
    let rowsStore = store.scope(state: \.self, action: { $0 })
    let row = try #require(rowsStore.scope(state: \.rows, id: 2, action: AppAction.row))
    let recorder = Recorder(row)
    store.send(.row(id: 2, action: .increment))
    store.send(.row(id: 1, action: .increment))
    row.send(.increment)
    #expect(recorder.values.map(\.value) == [0, 1, 2])
  }

  @Test func observationTrackingFiresOnlyForTheElement() throws {
    let store = storeWithRows([1, 2])
    let row = try #require(store.scope(state: \.rows, id: 1, action: AppAction.row))
    var fired = 0
    func track() {
      withObservationTracking {
        _ = row.state
      } onChange: {
        MainActor.assumeIsolated { fired += 1 }
      }
    }
    track()
    store.send(.row(id: 2, action: .increment))
    #expect(fired == 0)
    store.send(.row(id: 1, action: .increment))
    #expect(fired == 1)
  }
}
