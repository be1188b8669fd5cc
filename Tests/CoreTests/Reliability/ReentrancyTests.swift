import Testing

@testable import Core

/// Actions sent while the store is busy: from observers, from `.send` effects, from running
/// effects, many at once. The order is the one `Store`'s documentation defines: per action,
/// reduce and start its effects (a `.send` is queued); once the queue is empty, notify
/// observers of the result, parents before children; an action an observer sends meanwhile is
/// queued and reduced, in order, before the outermost `send` returns.
@MainActor
@Suite struct ReentrancyTests {
  @Test func orderIsReduceAllQueuedThenNotifyParentsBeforeChildren() {
    let log = ReducedActions<Ladder.Action>()
    let store = Ladder.store(log: log) { action in
      action == .set(1) ? .send(.set(2)) : .none
    }
    let middle = store.scope(state: \.middle)
    let leaf = middle.scope(state: \.leaf)
    let events = EventTrace()
    // Subscribed children first, so that the order below is not subscription order.
    let subscriptions = [
      leaf.observe { events("leaf \($0.value)") },
      middle.observe { events("middle \($0.leaf.value)") },
      store.observe { state in
        events("root \(state.middle.leaf.value)")
        if state.middle.leaf.value == 2 {
          store.send(.set(3))
          events("root sent .set(3)")
        }
      },
    ]
    events.removeAll()

    store.send(.set(1))

    // `.set(1)`'s `.send(.set(2))` was queued when its effects started and reduced before
    // observers ran: they see the state after both, once. The `.set(3)` the root observer sent
    // comes after.
    #expect(log.actions == [.set(1), .set(2), .set(3)])
    #expect(
      events.events == [
        "root 2", "root sent .set(3)", "middle 2", "leaf 2",
        "root 3", "middle 3", "leaf 3",
      ])
    #expect(store.state.middle.leaf.value == 3)
    withExtendedLifetime(subscriptions) {}
  }

  @Test func manyObserversSendingAtOnceAreQueuedInSubscriptionOrder() {
    let log = ReducedActions<Ladder.Action>()
    let store = Ladder.store(log: log)
    let leaf = store.scope(state: \.middle.leaf)
    var seen: [[Int]] = Array(repeating: [], count: 100)
    let subscriptions = (0..<100).map { index in
      leaf.observe { leaf in
        seen[index].append(leaf.value)
        if leaf.value == 1 { store.send(.append(index)) }
      }
    }

    store.send(.set(1))

    #expect(log.actions == [.set(1)] + (0..<100).map { .append($0) })
    #expect(store.state.middle.appended == Array(0..<100))
    // `append` does not touch the leaf: each observer saw the initial value and `1`, once.
    #expect(seen.allSatisfy { $0 == [0, 1] })
    withExtendedLifetime(subscriptions) {}
  }

  @Test func chainsOfObserverSendsAreIteratedNotRecursed() {
    let log = ReducedActions<Ladder.Action>()
    let store = Ladder.store(log: log)
    var values: [Int] = []
    var depth = 0
    var maximumDepth = 0
    let subscription = store.scope(state: \.middle.leaf).observe { leaf in
      depth += 1
      maximumDepth = max(maximumDepth, depth)
      values.append(leaf.value)
      if (1..<10_000).contains(leaf.value) { store.send(.set(leaf.value + 1)) }
      depth -= 1
    }

    store.send(.set(1))

    #expect(store.state.middle.leaf.value == 10_000)
    #expect(values.elementsEqual(0...10_000))
    #expect(log.count == 10_000)
    // Each send from the observer was queued; observers were never nested.
    #expect(maximumDepth == 1)
    withExtendedLifetime(subscription) {}
  }

  @Test func sendFromReducerIsQueuedNotNested() {
    var events: [String] = []
    let box = LadderStoreBox()
    let store = Store(initialState: Ladder.State()) {
      Reduce<Ladder.State, Ladder.Action> { state, action in
        events.append("begin \(action)")
        if case let .set(value) = action, value < 3 { box.store?.send(.set(value + 1)) }
        if case let .set(value) = action { state.middle.leaf.value = value }
        events.append("end \(action)")
        return .none
      }
    }
    box.store = store

    store.send(.set(1))

    #expect(
      events == [
        "begin set(1)", "end set(1)", "begin set(2)", "end set(2)", "begin set(3)", "end set(3)",
      ])
  }

  @Test func effectsSendingManyActionsKeepTheirOrder() async {
    let log = ReducedActions<Ladder.Action>()
    let store = Ladder.store(log: log) { action in
      guard action == .noop else { return .none }
      return .merge(
        .run { send in
          for value in 0..<1_000 { await send(.append(value)) }
        },
        .merge((0..<100).map { .send(.side($0)) }))
    }

    await store.send(.noop).finish()

    // The `.send`s were delivered within `send`, in order; the `.run`'s actions after, in order.
    let actions = log.actions
    #expect(actions.count == 1_101)
    #expect(Array(actions[1...100]) == (0..<100).map { .side($0) })
    #expect(Array(actions[101...]) == (0..<1_000).map { .append($0) })
    #expect(store.state.middle.appended == Array(0..<1_000))
  }

  @Test func concurrentEffectsEachKeepTheirOwnOrder() async {
    let log = ReducedActions<Ladder.Action>()
    let store = Ladder.store(log: log) { action in
      guard action == .noop else { return .none }
      return .merge(
        (0..<20).map { effect in
          .run { send in
            for step in 0..<50 {
              await send(.append(effect * 1_000 + step))
              if step.isMultiple(of: 7) { await Task.yield() }
            }
          }
        })
    }

    await store.send(.noop).finish()

    let appended = store.state.middle.appended
    #expect(appended.count == 1_000)
    for effect in 0..<20 {
      let own = appended.filter { $0 / 1_000 == effect }
      #expect(own == (0..<50).map { effect * 1_000 + $0 }, "effect \(effect)")
    }
  }

  @Test func observerCancellingASiblingSubscriptionDuringNotification() {
    let store = Ladder.store(log: ReducedActions())
    let middle = store.scope(state: \.middle)
    let side = store.scope(state: \.side)
    var middleValues: [Int] = []
    var sideValues: [Int] = []
    var sideSubscription: StoreSubscription?
    let middleSubscription = middle.observe { middle in
      middleValues.append(middle.leaf.value)
      if middle.leaf.value == 1 { sideSubscription?.cancel() }
    }
    sideSubscription = side.observe { sideValues.append($0) }

    store.send(.set(1))
    store.send(.side(5))
    store.send(.set(2))

    #expect(middleValues == [0, 1, 2])
    #expect(sideValues == [0])
    _ = middleSubscription
  }

  @Test func observerCancellingItsOwnSubscriptionDuringNotification() {
    let store = Ladder.store(log: ReducedActions())
    let middle = store.scope(state: \.middle)
    let side = store.scope(state: \.side)
    let leaf = middle.scope(state: \.leaf)
    var once: [Int] = []
    var onceSubscription: StoreSubscription?
    onceSubscription = middle.observe { middle in
      once.append(middle.leaf.value)
      if middle.leaf.value > 0 { onceSubscription?.cancel() }
    }
    let leafRecorder = Recorder(leaf)
    let sideRecorder = Recorder(side)

    store.send(.set(1))
    store.send(.set(2))
    store.send(.side(1))

    #expect(once == [0, 1])
    #expect(leafRecorder.values.map(\.value) == [0, 1, 2])
    #expect(sideRecorder.values == [0, 1])
  }

  @Test func observerReleasingSubscriptionsOfAWholeSubtreeDuringNotification() {
    let store = Ladder.store(log: ReducedActions())
    let middle = store.scope(state: \.middle)
    let leaf = middle.scope(state: \.leaf)
    let value = leaf.scope(state: \.value)
    var subtree: [StoreSubscription] = [
      middle.observe { _ in }, leaf.observe { _ in }, value.observe { _ in },
    ]
    var rootValues: [Int] = []
    let rootSubscription = store.observe { state in
      rootValues.append(state.middle.leaf.value)
      if state.middle.leaf.value == 1 { subtree.removeAll() }
    }
    let sideRecorder = Recorder(store.scope(state: \.side))

    store.send(.set(1))
    store.send(.side(1))
    store.send(.set(2))

    #expect(rootValues == [0, 1, 1, 2])
    #expect(sideRecorder.values == [0, 1])
    _ = rootSubscription
  }

  @Test func observerSubscribingDuringNotificationGetsTheCurrentValueOnce() {
    let store = Ladder.store(log: ReducedActions())
    let leaf = store.scope(state: \.middle.leaf)
    var late: [Int] = []
    var lateSubscription: StoreSubscription?
    let subscription = store.observe { state in
      if state.middle.leaf.value == 1, lateSubscription == nil {
        lateSubscription = leaf.observe { late.append($0.value) }
      }
    }

    store.send(.set(1))
    store.send(.set(2))

    // The late observer got `1` once, at subscription, not again when `leaf` was notified.
    #expect(late == [1, 2])
    _ = (subscription, lateSubscription)
  }

  @Test func observerReadingAChildBeforeItIsNotifiedSeesFreshState() {
    let store = Ladder.store(log: ReducedActions())
    let leaf = store.scope(state: \.middle.leaf)
    let recorder = Recorder(leaf)
    var readByRoot: [Int] = []
    let subscription = store.observe { _ in readByRoot.append(leaf.state.value) }

    store.send(.set(1))
    store.send(.set(1))
    store.send(.set(2))

    #expect(readByRoot == [0, 1, 2])
    #expect(recorder.values.map(\.value) == [0, 1, 2])
    withExtendedLifetime(subscription) {}
  }

  @Test func taskOfAReentrantSendCoversItsEffects() async {
    let log = ReducedActions<Ladder.Action>()
    let store = Ladder.store(log: log) { action in
      guard case let .set(value) = action, value == 2 else { return .none }
      return .run { send in await send(.append(value)) }
    }
    var reentrantTask: StoreTask?
    let subscription = store.observe { state in
      if state.middle.leaf.value == 1 { reentrantTask = store.send(.set(2)) }
    }

    store.send(.set(1))
    #expect(store.state.middle.appended == [])
    await reentrantTask?.finish()

    #expect(store.state.middle.appended == [2])
    withExtendedLifetime(subscription) {}
  }

  @Test func cancellingAQueuedSendBeforeItIsReducedCancelsItsEffects() async {
    let log = ReducedActions<Ladder.Action>()
    let store = Ladder.store(log: log) { action in
      guard case let .set(value) = action, value == 2 else { return .none }
      return .run { send in await send(.append(value)) }
    }
    var reentrantTask: StoreTask?
    let subscription = store.observe { state in
      guard state.middle.leaf.value == 1 else { return }
      let task = store.send(.set(2))
      task.cancel()
      reentrantTask = task
    }

    store.send(.set(1))
    await reentrantTask?.finish()

    // The action was still reduced; its effect started cancelled and delivered nothing.
    #expect(log.actions == [.set(1), .set(2)])
    #expect(store.state.middle.appended == [])
    #expect(reentrantTask?.isCancelled == true)
    withExtendedLifetime(subscription) {}
  }

  @Test func observerSendingToAScopedStoreWhoseStateJustWentAway() {
    let issues = RuntimeIssues()
    let store = Store(initialState: AppState()) { AppReducer() }
    store.send(.editorOpened)
    let editor = store.scope(state: \.editor, action: AppAction.editor)
    #expect(editor != nil)
    let subscription = store.observe { state in
      if state.editor == nil { editor?.send(.nameChanged("too late")) }
    }

    issues.capture { store.send(.editorClosed) }

    #expect(issues.count == 1)
    #expect(issues.messages.first?.contains("\\AppState.editor") == true)
    #expect(store.state.editor == nil)
    withExtendedLifetime(subscription) {}
  }
}

@MainActor
final class LadderStoreBox {
  /// Weak: the store's reducer holds the box.
  weak var store: Store<Ladder.State, Ladder.Action>?
}
