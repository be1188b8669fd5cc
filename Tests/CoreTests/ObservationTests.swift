import Observation
import Testing

@testable import Core

@MainActor
@Suite struct ObservationTests {
  final class Flag: @unchecked Sendable {
    // Only touched on the main actor in these tests.
    var fired = 0
    /// Set to make ``trackForever(_:_:)`` stop tracking again after the next change.
    var stopped = false
  }

  /// Tracks `store`, and tracks it again from each `onChange`, as a view re-rendering does.
  private func trackForever<S, A>(_ store: Store<S, A>, _ flag: Flag) {
    withObservationTracking {
      _ = store.state
    } onChange: {
      flag.fired += 1
      guard !flag.stopped else { return }
      MainActor.assumeIsolated { trackForever(store, flag) }
    }
  }

  private func track<S, A>(_ store: Store<S, A>, _ flag: Flag) {
    withObservationTracking {
      _ = store.state
    } onChange: {
      flag.fired += 1
    }
  }

  @Test func trackingFiresOnlyWhenTheScopedStateChanged() {
    let store = Store(initialState: AppState()) { AppReducer() }
    let profile = store.scope(state: \.profile, action: AppAction.profile)
    let flag = Flag()
    track(profile, flag)
    store.send(.orders(.orderPlaced))
    store.send(.unrelatedChanged)
    #expect(flag.fired == 0)
    store.send(.profile(.nameChanged("Ada")))
    #expect(flag.fired == 1)
  }

  @Test func trackingTheRoot() {
    let store = Store(initialState: AppState()) { AppReducer() }
    let flag = Flag()
    track(store, flag)
    store.send(.nothing)
    #expect(flag.fired == 0)
    store.send(.unrelatedChanged)
    #expect(flag.fired == 1)
  }

  /// A state whose `tracked` getter counts its calls: a scoped store derives its state through
  /// it each time its parent visits it.
  struct Counted: Equatable {
    final class Reads {
      var count = 0
    }
    var value = 0
    var other = 0
    let reads = Reads()
    var tracked: Int {
      reads.count += 1
      return value
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.value == rhs.value && lhs.other == rhs.other
    }
  }

  enum CountedAction {
    case setValue(Int)
    case setOther(Int)
  }

  private func countedStore() -> Store<Counted, CountedAction> {
    Store(initialState: Counted()) {
      Reduce<Counted, CountedAction> { state, action in
        switch action {
        case let .setValue(value): state.value = value
        case let .setOther(other): state.other = other
        }
        return .none
      }
    }
  }

  @Test func aStoreReadOnceIsNotVisitedAfterItsTrackingFired() {
    let store = countedStore()
    let reads = store.state.reads
    let child = store.scope(state: \.tracked)
    let flag = Flag()
    track(child, flag)
    store.send(.setValue(1))
    #expect(flag.fired == 1)

    let readsAfterTheChange = reads.count
    store.send(.setOther(1))
    store.send(.setOther(2))

    #expect(reads.count == readsAfterTheChange)
    #expect(child.state == 1)
  }

  @Test func readingAgainTracksAgain() {
    let store = countedStore()
    let child = store.scope(state: \.tracked)
    let flag = Flag()
    track(child, flag)
    store.send(.setValue(1))
    track(child, flag)
    store.send(.setOther(1))
    #expect(flag.fired == 1)

    store.send(.setValue(2))

    #expect(flag.fired == 2)
  }

  @Test func aTrackingClosureThatReadsAgainKeepsTracking() {
    let store = countedStore()
    let child = store.scope(state: \.tracked)
    let flag = Flag()
    trackForever(child, flag)

    store.send(.setValue(1))
    store.send(.setValue(2))
    store.send(.setOther(1))

    #expect(flag.fired == 2)
    // Ends the tracking, which holds the store while it waits.
    flag.stopped = true
    store.send(.setValue(3))
    #expect(flag.fired == 3)
  }

  @Test func anObservedStoreStaysVisitedAfterItsTrackingFired() {
    let store = countedStore()
    let child = store.scope(state: \.tracked)
    var values: [Int] = []
    let subscription = child.observe { values.append($0) }
    let flag = Flag()
    track(child, flag)

    store.send(.setValue(1))
    store.send(.setValue(2))

    #expect(flag.fired == 1)
    #expect(values == [0, 1, 2])
    subscription.cancel()
  }
}
