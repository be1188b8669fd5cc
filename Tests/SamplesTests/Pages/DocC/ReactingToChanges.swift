import Core
import CoreTesting
import Testing

// The examples of the "Reacting to changes" article
// (Sources/Core/Documentation.docc/ReactingToChanges.md), run as tests.

struct FilterFeature: Reducer {
  struct State: Equatable, Sendable {
    var query = ""
    var page = 1
    var log: [String] = []
  }

  enum Action: BindableAction, Equatable, Sendable {
    case binding(BindingAction<State>)
    case nextPageButtonTapped
  }

  var body: some Reducer<State, Action> {
    BindingReducer()
      .onChange(of: \.query) { oldQuery, newQuery in
        Reduce { state, _ in
          state.page = 1
          state.log.append("'\(oldQuery)' → '\(newQuery)'")
          return .none
        }
      }
    Reduce { state, action in
      switch action {
      case .binding:
        return .none
      case .nextPageButtonTapped:
        state.page += 1
        return .none
      }
    }
  }
}

@MainActor
@Suite struct ReactingToChangesArticleTests {
  @MainActor
  @Test func aNewQueryStartsFromTheFirstPage() async {
    let store = TestStore(initialState: FilterFeature.State(page: 3)) { FilterFeature() }

    await store.send(.binding(.set(\.query, "tea"))) {
      $0.query = "tea"
      $0.page = 1
      $0.log = ["'' → 'tea'"]
    }
    await store.send(.nextPageButtonTapped) { $0.page = 2 }
    // The same query again: no change, so the page stays.
    await store.send(.binding(.set(\.query, "tea")))
  }
}
