import Foundation
import Core
import CoreTesting
import Testing

struct OnChangeSearchFeature: Reducer {
  struct State: Equatable, Sendable {
    var query = ""
    var results: [String] = ["old"]
    var changesSeen: [String] = []
  }

  enum Action: Equatable, Sendable {
    case queryChanged(String)
    case queryTrimmed(String)
    case search(String)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case let .queryChanged(query):
        state.query = query
        return .none
      case let .queryTrimmed(query):
        state.query = query.trimmingCharacters(in: .whitespaces)
        return .none
      case .search:
        return .none
      }
    }
    .onChange(of: { $0.query }) { oldValue, newValue in
      Reduce { state, _ in
        state.changesSeen.append("\(oldValue)→\(newValue)")
        state.results = []
        return .send(.search(newValue))
      }
    }
  }
}

@MainActor
@Suite struct OnChangeTests {
  @Test func runsWithTheOldAndNewValueWhenTheValueChanged() async {
    let store = TestStore(initialState: OnChangeSearchFeature.State()) { OnChangeSearchFeature() }

    await store.send(.queryChanged("ada")) {
      $0.query = "ada"
      $0.results = []
      $0.changesSeen = ["→ada"]
    }
    await store.receive(.search("ada"))
    await store.send(.queryChanged("adam")) {
      $0.query = "adam"
      $0.changesSeen = ["→ada", "ada→adam"]
    }
    await store.receive(.search("adam"))
  }

  @Test func doesNotRunWhenTheValueIsEqual() async {
    let store = TestStore(initialState: OnChangeSearchFeature.State(query: "ada")) {
      OnChangeSearchFeature()
    }

    // The action ran, but left the query equal: no change, no search.
    await store.send(.queryTrimmed("ada  "))
    await store.send(.search("x"))
  }
}
