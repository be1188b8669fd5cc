import Core
import CoreTesting
import Testing

// The examples of the "Timing effects" article
// (Sources/Core/Documentation.docc/TimingEffects.md), checked: keep the two in step.

struct LookupFeature: Reducer {
  struct State: Equatable, Sendable {
    var query = ""
    var lookups: [String] = []
  }

  enum Action: Equatable, Sendable {
    case queryChanged(String)
    case lookupDue
  }

  enum CancelID { case lookup }

  @Dependency(\.clock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .queryChanged(query):
      state.query = query
      return .send(.lookupDue)
        .debounce(id: CancelID.lookup, for: .milliseconds(300), clock: clock)
    case .lookupDue:
      state.lookups.append(state.query)
      return .none
    }
  }
}

@MainActor
@Suite struct TimingEffectsArticleTests {
  @MainActor
  @Test func looksUpOnceTypingStops() async {
    let clock = TestClock()
    let store = TestStore(initialState: LookupFeature.State()) {
      LookupFeature()
    } withDependencies: {
      $0.clock = clock
    }

    await store.send(.queryChanged("t")) { $0.query = "t" }
    await clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("te")) { $0.query = "te" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.lookupDue) { $0.lookups = ["te"] }
  }
}
