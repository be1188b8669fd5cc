import Core
import CoreTesting
import Testing

// The examples of the "Timing effects" article
// (Sources/Core/Documentation.docc/TimingEffects.md), run as tests.

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

/// "Throttle: at most once per interval": scrolling asks for rows at most twice a second.
enum TimingEffectsThrottle {
  struct RowsFeature: Reducer {
    struct State: Equatable, Sendable {
      var offset = 0
      var loadedOffsets: [Int] = []
    }

    enum Action: Equatable, Sendable {
      case scrolled(to: Int)
      case loadVisibleRows
    }

    enum CancelID { case load }

    @Dependency(\.clock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .scrolled(offset):
        state.offset = offset
        return .send(.loadVisibleRows)
          .throttle(id: CancelID.load, for: .milliseconds(500), clock: clock, latest: true)
      case .loadVisibleRows:
        state.loadedOffsets.append(state.offset)
        return .none
      }
    }
  }

  @MainActor
  @Test static func theFirstRunsAtOnceAndTheLatestAtTheWindowsEnd() async {
    let clock = TestClock()
    let store = TestStore(initialState: RowsFeature.State()) {
      RowsFeature()
    } withDependencies: {
      $0.clock = clock
    }

    await store.send(.scrolled(to: 1)) { $0.offset = 1 }
    await store.receive(.loadVisibleRows) { $0.loadedOffsets = [1] }
    await store.send(.scrolled(to: 2)) { $0.offset = 2 }
    await store.send(.scrolled(to: 3)) { $0.offset = 3 }
    await clock.advance(by: .milliseconds(500))
    await store.receive(.loadVisibleRows) { $0.loadedOffsets = [1, 3] }
    await clock.advance(by: .milliseconds(500))
    await store.finish()
  }
}
