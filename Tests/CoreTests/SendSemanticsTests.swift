import Testing

@testable import Core

/// What one `send` does: state read while reducing, synchronous effects, one notification.
@MainActor
@Suite struct SendSemanticsTests {
  struct Counter: Equatable, Sendable {
    var value = 0
  }

  enum Action: Equatable, Sendable {
    case set(Int)
    case setThen([Int])
    case concatenated([Int])
    case readStore
    case same
  }

  /// A reducer that can read its own store, as a logger would.
  final class StoreBox {
    weak var store: Store<Counter, Action>?
    var seenDuringReduce: [Int] = []
  }

  func makeStore(_ box: StoreBox = StoreBox()) -> Store<Counter, Action> {
    let store = Store(initialState: Counter()) {
      Reduce<Counter, Action> { state, action in
        switch action {
        case let .set(value):
          state.value = value
          return .none
        case let .setThen(values):
          state.value = -1
          return .merge(values.map { .send(.set($0)) })
        case let .concatenated(values):
          return .concatenate(values.map { .send(.set($0)) })
        case .readStore:
          // Mutates, then reads the store (and nothing after the read).
          state.value += 1
          if let value = box.store?.state.value { box.seenDuringReduce.append(value) }
          return .none
        case .same:
          return .none
        }
      }
    }
    box.store = store
    return store
  }

  @Test func aReadWhileReducingReturnsTheLastCommittedState() {
    let box = StoreBox()
    let store = makeStore(box)
    let value = store.scope(state: \.value)
    var seen: [Int] = []
    let subscription = value.observe { seen.append($0) }

    store.send(.readStore)
    store.send(.readStore)

    // The reducer read 0, then 1: the state before each action, never a half-mutated one.
    #expect(box.seenDuringReduce == [0, 1])
    // And the read hid no change from the scoped store.
    #expect(seen == [0, 1, 2])
    #expect(value.state == 2)
    withExtendedLifetime(subscription) {}
  }

  @Test func theFirstReadOfTheRootBeingWhileReducingHidesNoChange() {
    let box = StoreBox()
    let store = makeStore(box)
    let value = store.scope(state: \.value)  // never read yet
    store.send(.readStore)  // the root's first `state` read happens inside the reducer
    #expect(value.state == 1)
    #expect(store.state.value == 1)
  }

  @Test func observersSeeOneStatePerSend() {
    let store = makeStore()
    var seen: [Int] = []
    let subscription = store.observe { seen.append($0.value) }
    let value = store.scope(state: \.value)
    var scoped: [Int] = []
    let scopedSubscription = value.observe { scoped.append($0) }

    store.send(.setThen([1, 2]))

    #expect(seen == [0, 2])
    #expect(scoped == [0, 2])
    _ = (subscription, scopedSubscription)
  }

  @Test func aSendWhoseQueueEndsWhereItStartedNotifiesNobody() {
    let store = makeStore()
    var seen: [Int] = []
    let subscription = store.observe { seen.append($0.value) }
    store.send(.setThen([5, 0]))  // -1, 5, 0: back to 0
    #expect(seen == [0])
    withExtendedLifetime(subscription) {}
  }

  @Test func statesStreamSeesOneStatePerSend() async {
    let store = makeStore()
    var iterator = store.states.makeAsyncIterator()
    #expect(await iterator.next()?.value == 0)
    store.send(.setThen([1, 2, 3]))
    store.send(.set(4))
    #expect(await iterator.next()?.value == 3)
    #expect(await iterator.next()?.value == 4)
  }

  @Test func concatenatedSendsAreDeliveredWithinTheSend() {
    let store = makeStore()
    var seen: [Int] = []
    let subscription = store.observe { seen.append($0.value) }
    let task = store.send(.concatenated([1, 2]))
    #expect(store.state.value == 2)
    #expect(task == StoreTask(batch: nil))
    #expect(seen == [0, 2])
    withExtendedLifetime(subscription) {}
  }

  @Test func synchronousEffectsKeepTheirOrderThroughMergesAndConcatenations() {
    let store = Store(initialState: [Int]()) {
      Reduce<[Int], Int> { state, action in
        state.append(action)
        guard action == 0 else { return .none }
        return .concatenate(
          .merge(.send(1), .concatenate(.send(2), .none)), .send(3), .merge(.send(4)))
      }
    }
    store.send(0)
    #expect(store.state == [0, 1, 2, 3, 4])
  }

  /// A reference in the state, to tell when nothing holds it any more.
  final class Token: Equatable {
    static func == (lhs: Token, rhs: Token) -> Bool { lhs === rhs }
  }

  @Test func aReferenceTheStateDropsIsFreedWhenTheSendEnds() {
    weak var dropped: Token?
    let store = Store(initialState: Token?.some(Token())) {
      Reduce<Token?, Bool> { state, keep in
        if !keep { state = nil }
        return .none
      }
    }
    dropped = store.state
    store.send(true)
    #expect(dropped != nil)
    store.send(false)
    // Neither the committed state nor the copy the next send starts from holds it.
    #expect(dropped == nil)
    #expect(store.state == nil)
  }

  @Test func aSendFromAnObserverStartsFromTheCommittedState() {
    let store = makeStore()
    var seen: [Int] = []
    let subscription = store.observe { counter in
      seen.append(counter.value)
      if counter.value == 1 { store.send(.readStore) }
    }
    store.send(.set(1))
    store.send(.readStore)
    // The observer's send is reduced from 1, the state just committed; the next send from 2.
    #expect(seen == [0, 1, 2, 3])
    #expect(store.state.value == 3)
    withExtendedLifetime(subscription) {}
  }
}
