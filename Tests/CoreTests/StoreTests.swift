import Testing

@testable import Core

@MainActor
@Suite struct StoreTests {
  @Test func sendReducesSynchronously() {
    let store = Store(initialState: AppState()) { AppReducer() }
    store.send(.profile(.nameChanged("Ada")))
    #expect(store.state.profile.name == "Ada")
    store.send(.orders(.orderPlaced))
    #expect(store.state.orderCount == 1)
  }

  @Test func initWithReducerValue() {
    let store = Store(initialState: Profile(), reducer: ProfileReducer())
    store.send(.nameChanged("Grace"))
    #expect(store.state.name == "Grace")
  }

  @Test func observeDeliversCurrentThenDistinctStates() {
    let store = Store(initialState: AppState()) { AppReducer() }
    let recorder = Recorder(store)
    store.send(.nothing)
    store.send(.profile(.nameChanged("Ada")))
    store.send(.profile(.nameChanged("Ada")))
    #expect(recorder.values.map(\.profile.name) == ["", "Ada"])
  }

  @Test func nonEquatableRootNotifiesOnEveryAction() {
    struct Counter { var count = 0 }
    let store = Store(initialState: Counter()) {
      Reduce<Counter, Bool> { state, increment in
        if increment { state.count += 1 }
        return .none
      }
    }
    var counts: [Int] = []
    let subscription = store.observe { counts.append($0.count) }
    store.send(false)
    store.send(true)
    #expect(counts == [0, 0, 1])
    withExtendedLifetime(subscription) {}
  }

  @Test func cancelledSubscriptionStopsDelivery() {
    let store = Store(initialState: AppState()) { AppReducer() }
    var names: [String] = []
    let subscription = store.observe { names.append($0.profile.name) }
    store.send(.profile(.nameChanged("A")))
    subscription.cancel()
    store.send(.profile(.nameChanged("B")))
    #expect(names == ["", "A"])
    #expect(subscription.isCancelled)
  }

  @Test func releasedSubscriptionStopsDelivery() {
    let store = Store(initialState: AppState()) { AppReducer() }
    var names: [String] = []
    var subscription: StoreSubscription? = store.observe { names.append($0.profile.name) }
    store.send(.profile(.nameChanged("A")))
    subscription = nil
    store.send(.profile(.nameChanged("B")))
    #expect(names == ["", "A"])
    withExtendedLifetime(subscription) {}
  }

  @Test func actionSentFromObserverIsQueuedAndProcessedInOrder() {
    let store = Store(initialState: AppState()) { AppReducer() }
    var seen: [String] = []
    let subscription = store.observe { state in
      seen.append(state.profile.name)
      if state.profile.name == "A" {
        store.send(.profile(.nameChanged("B")))
        // Queued: not reduced yet, in the middle of notifying.
        seen.append("after send: \(store.state.profile.name)")
      }
    }
    store.send(.profile(.nameChanged("A")))
    #expect(store.state.profile.name == "B")
    #expect(seen == ["", "A", "after send: A", "B"])
    withExtendedLifetime(subscription) {}
  }

  @Test func actionSentWhileReducingIsQueued() {
    var log: [String] = []
    let box = StoreBox()
    let store = Store(initialState: 0) {
      Reduce<Int, String> { state, action in
        log.append("begin \(action) at \(state)")
        if action == "first" { box.store?.send("second") }
        state += 1
        log.append("end \(action) at \(state)")
        return .none
      }
    }
    box.store = store
    store.send("first")
    #expect(log == ["begin first at 0", "end first at 1", "begin second at 1", "end second at 2"])
    #expect(store.state == 2)
  }

  @Test func sendEffectIsDeliveredBeforeSendReturns() {
    let store = Store(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        state.append(action)
        return action == "tap" ? .send("feedback") : .none
      }
    }
    store.send("tap")
    #expect(store.state == ["tap", "feedback"])
  }

  @Test func statesStreamsDistinctValues() async {
    let store = Store(initialState: AppState()) { AppReducer() }
    var iterator = store.scope(state: \.profile, action: AppAction.profile).states
      .makeAsyncIterator()
    #expect(await iterator.next()?.name == "")
    store.send(.unrelatedChanged)
    store.send(.profile(.nameChanged("Ada")))
    #expect(await iterator.next()?.name == "Ada")
  }
}

@MainActor
final class StoreBox {
  weak var store: Store<Int, String>?
}
