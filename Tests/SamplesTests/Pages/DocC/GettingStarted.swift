import Testing

import Core

/// The feature of the Getting Started article, run as the article runs it.
@MainActor
@Suite struct GettingStartedExampleTests {
  struct CounterFeature: Reducer {
    struct State: Equatable, Sendable {
      var count = 0
      var fact: String?
    }

    enum Action: Equatable, Sendable {
      case incrementButtonTapped
      case factButtonTapped
      case factLoaded(String)
    }

    @Dependency(\.clock) var clock

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .incrementButtonTapped:
          state.count += 1
          return .none
        case .factButtonTapped:
          return .run { [count = state.count] send in
            try await clock.sleep(for: .milliseconds(200))
            await send(.factLoaded("\(count) is a fine number"))
          }
        case let .factLoaded(fact):
          state.fact = fact
          return .none
        }
      }
    }
  }

  @Test func articleExample() async {
    var printed: [String] = []
    let store = Store(initialState: CounterFeature.State()) {
      CounterFeature()
    } withDependencies: {
      $0.clock = ImmediateClock()
    }
    let subscription = store.observe { state in printed.append("count: \(state.count)") }
    store.send(.incrementButtonTapped)
    #expect(printed == ["count: 0", "count: 1"])
    await store.send(.factButtonTapped).finish()
    #expect(store.state.fact == "1 is a fine number")
    withExtendedLifetime(subscription) {}
  }

  /// The article's "A store", with what it prints checked.
  @Test func theStorePrintsTheCountThenTheFact() async {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    let store = Store(initialState: CounterFeature.State()) { CounterFeature() }
    let subscription = store.observe { state in print("count:", state.count) }
    store.send(.incrementButtonTapped)  // prints "count: 1" before `send` returns
    await store.send(.factButtonTapped).finish()
    print(store.state.fact ?? "")

    withExtendedLifetime(subscription) {}
    // The loaded fact is a new state too, so the observer prints the count once more.
    #expect(output == ["count: 0", "count: 1", "count: 1", "1 is a fine number"])
  }
}
