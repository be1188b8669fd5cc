import Testing

@testable import Core

/// Released stores, scoped children, subscriptions, streams and effects are freed: weak
/// references to them become `nil` once nothing the user holds keeps them.
@MainActor
@Suite struct LeakTests {
  @Test func releasedRootStoreIsFreed() {
    var store: Store<AppState, AppAction>? = Store(initialState: AppState()) { AppReducer() }
    weak let weakStore = store
    store?.send(.profile(.nameChanged("Ada")))

    store = nil

    #expect(weakStore == nil)
  }

  @Test func wholeObservedScopeTreeIsFreedOnceSubscriptionsEnd() {
    var store: Store<AppState, AppAction>? = Store(initialState: AppState()) { AppReducer() }
    store?.send(.editorOpened)
    store?.send(.rowAdded(1))
    var stores: [AnyObject] = []
    var subscriptions: [StoreSubscription] = []
    if let store {
      let orders = store.scope(state: \.ordersModule, action: AppAction.orders)
      let profile = orders.scope(state: \.profile)
      let editor = store.scope(state: \.editor, action: AppAction.editor)
      let row = store.scope(state: \.rows[id: 1], action: { AppAction.row(id: 1, action: $0) })
      let name = editor?.scope(state: \.name)
      subscriptions = [
        store.observe { _ in }, orders.observe { _ in }, profile.observe { _ in },
        editor?.observe { _ in }, row?.observe { _ in }, name?.observe { _ in },
      ].compactMap { $0 }
      _ = (editor?.state, row?.state)
      let all: [AnyObject?] = [store, orders, profile, editor, row, name]
      stores = all.compactMap { $0 }
    }
    #expect(stores.count == 6)
    let weakStores = stores.map(WeakReference.init)
    stores = []
    store?.send(.orders(.orderPlaced))
    store = nil
    // The subscriptions keep their stores (and so the tree) alive.
    withExtendedLifetime(subscriptions) {
      #expect(weakStores.allSatisfy { $0.object != nil })
    }

    subscriptions.removeAll()

    #expect(weakStores.allSatisfy { $0.object == nil })
  }

  @Test func releasedScopedChildIsFreedAndForgottenByItsParent() {
    let store = Store(initialState: AppState()) { AppReducer() }
    var child: Store<Profile, ProfileAction>? = store.scope(
      state: \.profile, action: AppAction.profile)
    var subscription = child?.observe { _ in }
    weak let weakChild = child
    #expect(store.children.count == 1)

    subscription = nil
    child = nil
    store.send(.profile(.nameChanged("Ada")))

    #expect(weakChild == nil)
    #expect(store.children.entries.allSatisfy { $0.store == nil })
    withExtendedLifetime(subscription) {}
  }

  @Test func observedChildStillReadIsFreedOnceItsSubscriptionEndsAndItIsDropped() {
    let store = Store(initialState: AppState()) { AppReducer() }
    var child: Store<Profile, ProfileAction>? = store.scope(
      state: \.profile, action: AppAction.profile)
    let subscription = child?.observe { _ in }
    // Read as well: the child stays attached, tracked, after its subscription ends.
    _ = child?.state
    weak let weakChild = child
    #expect(store.children.count == 1)

    subscription?.cancel()
    child = nil

    #expect(weakChild == nil)
    #expect(store.children.entries.allSatisfy { $0.store == nil })
  }

  @Test func readChildIsFreedWithItsLastReference() {
    let store = Store(initialState: AppState()) { AppReducer() }
    var child: Store<Profile, ProfileAction>? = store.scope(
      state: \.profile, action: AppAction.profile)
    _ = child?.state
    weak let weakChild = child

    child = nil
    store.send(.profile(.nameChanged("Ada")))

    #expect(weakChild == nil)
    #expect(store.children.entries.allSatisfy { $0.store == nil })
  }

  @Test func cachedReadOnlyScopeDoesNotKeepItsChildAlive() {
    let store = Store(initialState: AppState()) { AppReducer() }
    var child: Store<Int, AppAction>? = store.scope(state: \.orderCount)
    weak let weakChild = child
    #expect(store.scope(state: \.orderCount) === child)

    child = nil

    #expect(weakChild == nil)
    #expect(store.scope(state: \.orderCount).state == 0)
  }

  @Test func optionalChildIsFreedAfterItsStateIsGone() {
    let store = Store(initialState: AppState()) { AppReducer() }
    store.send(.editorOpened)
    var editor = store.scope(state: \.editor, action: AppAction.editor)
    var subscription = editor?.observe { _ in }
    weak let weakEditor = editor
    store.send(.editorClosed)

    subscription = nil
    editor = nil

    #expect(weakEditor == nil)
    withExtendedLifetime(subscription) {}
  }

  @Test func subscriptionKeepsItsStoreAliveUntilCancelled() {
    var store: Store<AppState, AppAction>? = Store(initialState: AppState()) { AppReducer() }
    weak let weakStore = store
    let subscription = store?.observe { _ in }
    store = nil
    #expect(weakStore != nil)

    subscription?.cancel()

    #expect(weakStore == nil)
    #expect(subscription?.isCancelled == true)
  }

  @Test func streamIsFreedWhenItsIteratingTaskIsCancelled() async {
    var store: Store<AppState, AppAction>? = Store(initialState: AppState()) { AppReducer() }
    weak let weakStore = store
    let received = ArrivalCounter()
    let stream = store?.scope(state: \.profile, action: AppAction.profile).states
    let task = Task {
      guard let stream else { return }
      for await _ in stream { received.arrive() }
    }
    await received.wait(for: 1)
    store = nil

    task.cancel()
    await task.value

    #expect(await withinMainActorTurns { weakStore == nil })
  }

  @Test func streamThatIsNeverIteratedIsFreedWhenDropped() async {
    var store: Store<AppState, AppAction>? = Store(initialState: AppState()) { AppReducer() }
    weak let weakStore = store
    var stream = store?.states
    store = nil
    #expect(weakStore != nil)

    stream = nil

    #expect(await withinMainActorTurns { weakStore == nil })
    _ = stream
  }

  @Test func finishedEffectsReleaseWhatTheyCaptured() async {
    let freed = ArrivalCounter()
    let store = Relay.store { value in
      let payload = DeinitSignal(freed: freed)
      return .run { send in
        _ = payload
        await send(.received(value))
      }
    }

    for value in 0..<100 { await store.send(.trigger(value)).finish() }

    #expect(store.state.count == 100)
    #expect(store.engine?.effects.count == 0)
    #expect(await withinMainActorTurns { freed.count == 100 })
  }

  @Test func effectsOfAReleasedStoreReleaseWhatTheyCaptured() async {
    let gate = EffectGate()
    let started = ArrivalCounter()
    let freed = ArrivalCounter()
    var store: Store<[Int], Relay.Action>? = Relay.store { value in
      .merge(
        (0..<100).map { value in
          let payload = DeinitSignal(freed: freed)
          return .run { send in
            started.arrive()
            await gate.wait()
            _ = payload
            await send(.received(value))
          }
        })
    }
    let task = store?.send(.trigger(0))
    await started.wait(for: 100)

    store = nil
    gate.open()
    await task?.finish()

    #expect(await withinMainActorTurns { freed.count == 100 })
  }
}

extension LeakTests {
  /// A concatenation waiting on one of its effects holds its store only weakly: the store,
  /// released meanwhile, is freed at once, and ending it ends the effect (an hour-long sleep
  /// here), which kept the store, and so itself, alive before.
  @Test func aReleasedStoreIsFreedAndEndsAConcatenationInFlight() async {
    let started = ArrivalCounter()
    let ended = ArrivalCounter()
    var store: Store<[Int], Relay.Action>? = Relay.store { value in
      .concatenate(
        .run { _ in
          started.arrive()
          try? await Task.sleep(for: .seconds(3600))
          ended.arrive()
        },
        .send(.received(value)))
    }
    weak let released = store
    store?.send(.trigger(1))
    await started.wait(for: 1)

    store = nil
    #expect(await withinMainActorTurns { released == nil })
    #expect(await withinMainActorTurns { ended.count == 1 })
  }
}

/// Says when it is freed.
final class DeinitSignal: Sendable {
  let freed: ArrivalCounter

  init(freed: ArrivalCounter) {
    self.freed = freed
  }

  deinit {
    freed.arrive()
  }
}

/// Whether `condition` holds within a bounded number of main-actor turns, for releases that
/// happen on a later turn (a stream's termination handler hops to the main actor).
@MainActor
func withinMainActorTurns(_ condition: () -> Bool) async -> Bool {
  for _ in 0..<1_000 {
    if condition() { return true }
    await Task.yield()
  }
  return condition()
}
