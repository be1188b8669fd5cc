import Core
import CoreTesting
import Testing

/// A throttle's window belongs to the feature instance that throttles, in its store, under its
/// clock.
@MainActor
@Suite struct ThrottleOwnershipTests {
  struct Feed: Reducer {
    struct State: Equatable, Identifiable, Sendable {
      var id: Int
      var feed = ThrottledFeedFeature.State()
    }
    typealias Action = ThrottledFeedFeature.Action

    var body: some Reducer<State, Action> {
      Scope(state: \.feed, action: { $0 }, extract: { $0 }) {
        ThrottledFeedFeature(latest: false)
      }
    }
  }

  struct Feeds: Reducer {
    struct State: Equatable, Sendable {
      var feeds: IdentifiedArray<Feed.State> = [Feed.State(id: 1), Feed.State(id: 2)]
    }
    enum Action: Equatable, Sendable {
      case feed(id: Int, action: Feed.Action)
    }

    var body: some Reducer<State, Action> {
      Reduce { _, _ in .none }
        .forEach(\.feeds, action: Action.feed) { Feed() }
    }
  }

  @Test func siblingRowsThrottleOnTheirOwn() async {
    let clock = TestClock()
    let store = TestStore(initialState: Feeds.State()) {
      Feeds()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.feed(id: 1, action: .scrolled(1))) { $0.feeds[id: 1]?.feed.offset = 1 }
    await store.receive(.feed(id: 1, action: .load(1))) { $0.feeds[id: 1]?.feed.loaded = [1] }
    // Row 2's first value opens row 2's window: it does not wait for row 1's.
    await store.send(.feed(id: 2, action: .scrolled(7))) { $0.feeds[id: 2]?.feed.offset = 7 }
    await store.receive(.feed(id: 2, action: .load(7))) { $0.feeds[id: 2]?.feed.loaded = [7] }
    await store.finish()
  }

  @Test func twoStoresThrottleOnTheirOwnEvenAfterTheFirstIsGone() {
    func makeStore() -> Store<ThrottledFeedFeature.State, ThrottledFeedFeature.Action> {
      Store(initialState: ThrottledFeedFeature.State()) {
        ThrottledFeedFeature(latest: false)
      } withDependencies: {
        $0.clock = TestClock()
      }
    }
    var first: Store? = makeStore()
    first?.send(.scrolled(1))
    #expect(first?.state.loaded == [1])
    first = nil
    let second = makeStore()
    second.send(.scrolled(1))
    #expect(second.state.loaded == [1])
  }

  @Test func afterACancelTheNextValueIsDelivered() async {
    let clock = TestClock()
    let store = TestStore(initialState: ThrottledFeedFeature.State()) {
      ThrottledFeedFeature(latest: false)
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.scrolled(1)) { $0.offset = 1 }
    await store.receive(.load(1)) { $0.loaded = [1] }
    await store.send(.scrolled(2)) { $0.offset = 2 }  // waits for the window's end
    await store.send(.stopButtonTapped)  // cancels the waiting one
    await store.send(.scrolled(3)) { $0.offset = 3 }  // not dropped for the cancelled one
    await clock.advance(by: .seconds(1))
    await store.receive(.load(3)) { $0.loaded = [1, 3] }
    await store.finish()
  }
}
