import Core
import CoreTesting
import Testing

struct ThrottledFeedFeature: Reducer {
  struct State: Equatable, Sendable {
    var offset = 0
    var loaded: [Int] = []
  }

  enum Action: Equatable, Sendable {
    case scrolled(Int)
    case stopButtonTapped
    case load(Int)
  }

  enum CancelID { case load }

  let latest: Bool
  @Dependency(\.clock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .scrolled(offset):
      state.offset = offset
      return .send(.load(offset))
        .throttle(id: CancelID.load, for: .seconds(1), clock: clock, latest: latest)
    case .stopButtonTapped:
      return .cancel(id: CancelID.load)
    case let .load(offset):
      state.loaded.append(offset)
      return .none
    }
  }
}

@MainActor
@Suite struct ThrottleTests {
  private func makeStore(latest: Bool, clock: TestClock) -> TestStore<
    ThrottledFeedFeature.State, ThrottledFeedFeature.Action
  > {
    TestStore(initialState: ThrottledFeedFeature.State()) {
      ThrottledFeedFeature(latest: latest)
    } withDependencies: {
      $0.clock = clock
    }
  }

  @Test func latestRunsTheFirstAtOnceAndTheLastAtTheWindowsEnd() async {
    let clock = TestClock()
    let store = makeStore(latest: true, clock: clock)

    await store.send(.scrolled(1)) { $0.offset = 1 }
    await store.receive(.load(1)) { $0.loaded = [1] }
    await clock.advance(by: .milliseconds(200))
    await store.send(.scrolled(2)) { $0.offset = 2 }
    await clock.advance(by: .milliseconds(300))
    await store.send(.scrolled(3)) { $0.offset = 3 }
    await clock.advance(by: .milliseconds(499))
    #expect(store.state.loaded == [1])
    await clock.advance(by: .milliseconds(1))
    await store.receive(.load(3)) { $0.loaded = [1, 3] }

    // The window that ended at 1 s opened the next one, up to 2 s.
    await clock.advance(by: .milliseconds(500))
    await store.send(.scrolled(4)) { $0.offset = 4 }
    await clock.advance(by: .milliseconds(500))
    await store.receive(.load(4)) { $0.loaded = [1, 3, 4] }

    // Long after every window: at once again.
    await clock.advance(by: .seconds(5))
    await store.send(.scrolled(5)) { $0.offset = 5 }
    await store.receive(.load(5)) { $0.loaded = [1, 3, 4, 5] }
    await store.finish()
  }

  @Test func firstKeepsTheFirstEffectOfTheWindow() async {
    let clock = TestClock()
    let store = makeStore(latest: false, clock: clock)

    await store.send(.scrolled(1)) { $0.offset = 1 }
    await store.receive(.load(1)) { $0.loaded = [1] }
    await clock.advance(by: .milliseconds(200))
    await store.send(.scrolled(2)) { $0.offset = 2 }
    await store.send(.scrolled(3)) { $0.offset = 3 }
    await clock.advance(by: .milliseconds(800))
    await store.receive(.load(2)) { $0.loaded = [1, 2] }
    await store.finish()
  }

  @Test func cancellingTheIdStopsTheWaitingEffect() async {
    let clock = TestClock()
    let store = makeStore(latest: true, clock: clock)

    await store.send(.scrolled(1)) { $0.offset = 1 }
    await store.receive(.load(1)) { $0.loaded = [1] }
    await store.send(.scrolled(2)) { $0.offset = 2 }
    await store.send(.stopButtonTapped)
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test func eachTestStoreHasItsOwnWindows() async {
    for _ in 1...2 {
      let store = makeStore(latest: true, clock: TestClock())
      await store.send(.scrolled(1)) { $0.offset = 1 }
      await store.receive(.load(1)) { $0.loaded = [1] }
    }
  }
}
