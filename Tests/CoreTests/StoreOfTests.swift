import Core
import Testing

@MainActor
@Suite struct StoreOfTests {
  @Test func namesAFeaturesStoreByItsReducer() {
    let store: StoreOf<UUIDTodosFeature> = Store(initialState: UUIDTodosFeature.State()) {
      UUIDTodosFeature()
    }
    let same: Store<UUIDTodosFeature.State, UUIDTodosFeature.Action> = store

    same.send(.addButtonTapped)

    #expect(store.state.todos.count == 1)
  }
}

/// A feature whose body is spelled with ``ReducerOf``, as TCA's features are.
private struct Tally: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action { case incrementTapped }

  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count += 1
      return .none
    }
  }
}

@MainActor
@Suite struct ReducerOfTests {
  @Test func namesAFeaturesReducerType() {
    let reducer: some ReducerOf<Tally> = Tally()
    let store: StoreOf<Tally> = Store(initialState: Tally.State(), reducer: reducer)
    store.send(.incrementTapped)
    #expect(store.state.count == 1)
  }
}
