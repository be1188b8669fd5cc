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
