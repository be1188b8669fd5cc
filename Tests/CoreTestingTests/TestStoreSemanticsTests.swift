import Core
import CoreTesting
import Testing

/// What a test store's state, pending actions and assertion closures are between steps.
@MainActor
@Suite struct TestStoreSemanticsTests {
  // MARK: The state is the state as of the last assertion

  @Test func stateLeavesOutActionsNotReceivedYet() async {
    let store = TestStore(initialState: 0) { Relay() }
    await store.send(.firstTapped) { $0 = 1 }
    #expect(store.state == 1)
    await store.receive(.secondArrived) { $0 = 2 }
    #expect(store.state == 2)
    await store.finish()
  }

  @Test func theNextClosureStartsFromTheStateAsOfTheLastAssertion() async {
    let store = TestStore(initialState: 0) { Relay() }
    await store.send(.firstTapped) { $0 = 1 }
    await store.receive(.secondArrived) { $0 = 2 }
    #expect(store.state == 2)
    await store.send(.addTapped) {
      #expect($0 == 2)
      #expect(store.state == 2)
      $0 += 10
    }
    #expect(store.state == 12)
  }

  @Test func aClosureSeesTheStateAfterTheActionWhenNotExhaustive() async {
    let store = TestStore(initialState: 0) { Relay() }
    store.exhaustivity = .off
    await store.send(.firstTapped) { $0 = 1 }
    #expect(store.state == 1)
    await store.send(.addTapped) {
      #expect($0 == 12)
      #expect(store.state == 1)
    }
    #expect(store.state == 12)
  }

  @Test func anIncrementInANonExhaustiveClosureIsAppliedToTheStateAfter() async {
    let store = TestStore(initialState: 0) { Relay() }
    store.exhaustivity = .off
    let line = #line + 2
    let issues = await recordedIssues {
      await store.send(.addTapped) { $0 += 10 }
    }
    expectOneIssue(
      issues, atLine: line,
      containing: ["State after 'send(.addTapped)' does not match", "- value: 20", "+ value: 10"])
  }

  @Test func receivingPastAnActionBringsTheStateUpToDate() async {
    let store = TestStore(initialState: 0) { Relay() }
    store.exhaustivity = .off
    await store.send(.idleRelayTapped)
    await store.send(.firstTapped) { $0 = 1 }
    await store.receive(.secondArrived) {
      #expect($0 == 2)
      $0 = 2
    }
    #expect(store.state == 2)
  }

  @Test func aReceiveClosureStartsAfterTheActionsItSkips() async {
    struct Lister: Reducer {
      struct State: Equatable {
        var items: [String] = []
        var count = 0
      }
      enum Action: Equatable {
        case tapped
        case added(String)
      }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .tapped:
          return .run { send in
            await send(.added("a"))
            await send(.added("b"))
          }
        case let .added(item):
          state.items.append(item)
          state.count += 1
          return .none
        }
      }
    }
    let store = TestStore(initialState: Lister.State()) { Lister() }
    store.exhaustivity = .off
    await store.send(.tapped)
    await store.receive(.added("b")) {
      #expect($0.items == ["a", "b"])
      $0.count = 2
    }
    #expect(store.state == Lister.State(items: ["a", "b"], count: 2))
  }

  // MARK: A closure that describes no change fails

  @Test func aClosureWhenNothingChangedFails() async {
    let store = TestStore(initialState: 0) { Relay() }
    let line = #line + 2
    let issues = await recordedIssues {
      await store.send(.idleTapped) { _ in }
    }
    expectOneIssue(
      issues, atLine: line,
      containing: [
        "Expected state to change, but no change occurred after 'send(.idleTapped)'",
        "To fix, remove the closure: 'await store.send(.idleTapped)'.",
      ])
  }

  @Test func aClosureThatSetsTheValueItHadFails() async {
    let store = TestStore(initialState: 0) { Relay() }
    await store.send(.idleRelayTapped)
    let line = #line + 2
    let issues = await recordedIssues {
      await store.receive(.idleArrived) { $0 = 0 }
    }
    expectOneIssue(
      issues, atLine: line,
      containing: [
        "Expected state to change, but no change occurred after 'receive(.idleArrived)'",
        "To fix, remove the closure: 'await store.receive(.idleArrived)'.",
      ])
  }

  @Test func aClosureWhenNothingChangedIsFineWhenNotExhaustive() async {
    let store = TestStore(initialState: 0) { Relay() }
    store.exhaustivity = .off
    await store.send(.idleTapped) { $0 = 0 }
    await store.send(.idleTapped)
  }

  // MARK: Pending actions stay pending

  @Test func sendingWhileActionsAreUnreceivedKeepsThem() async {
    let store = TestStore(initialState: 0) { Relay() }
    await store.send(.firstTapped) { $0 = 1 }
    let line = #line + 2
    let issues = await recordedIssues {
      await store.send(.addTapped) { $0 = 12 }
    }
    expectOneIssue(
      issues, atLine: line,
      containing: [
        "'send(.addTapped)' was called while 1 action received from effects was not asserted",
        "  .secondArrived", "It stays pending.",
      ])
    await store.receive(.secondArrived) { $0 = 2 }
    #expect(store.state == 12)
    await store.finish()
  }

  @Test func aFailedReceiveConsumesNothingWhenNotExhaustive() async {
    let store = TestStore(initialState: 0) { Relay() }
    store.exhaustivity = .off
    await store.send(.firstTapped) { $0 = 1 }
    let line = #line + 2
    let issues = await recordedIssues {
      await store.receive(.idleArrived)
    }
    expectOneIssue(
      issues, atLine: line,
      containing: [
        "Expected to receive '.idleArrived', but no matching action was received",
        "Received instead (still pending):\n  .secondArrived",
      ])
    await store.receive(.secondArrived) { $0 = 2 }
    #expect(store.state == 2)
  }

  // MARK: Closures see the test store's dependencies

  @Test func closuresSeeTheDependenciesTheReducerSaw() async {
    let store = TestStore(initialState: 0) {
      Relay()
    } withDependencies: {
      $0.stamp = 42
    }
    await store.send(.stampTapped) { state in
      @Dependency(\.stamp) var stamp
      state = stamp
    }
    // Changed after the reducer ran: the receive's closure still sees what the reducer saw.
    store.dependencies.stamp = 7
    await store.receive(.stampArrived) { state in
      @Dependency(\.stamp) var stamp
      #expect(stamp == 42)
      state = stamp + 1
    }
    await store.send(.stampTapped) { state in
      @Dependency(\.stamp) var stamp
      state = stamp
    }
    await store.receive(.stampArrived) { $0 = 8 }
  }

  // MARK: Skipping

  @Test func skipReceivedActionsDropsThemAndCatchesUpTheState() async {
    let store = TestStore(initialState: 0) { Relay() }
    store.exhaustivity = .off
    await store.send(.firstTapped) { $0 = 1 }
    #expect(store.state == 1)
    await store.skipReceivedActions()
    #expect(store.state == 2)
    await store.send(.addTapped) { $0 = 12 }
  }

  @Test func skipReceivedActionsIsNoFailureWhenExhaustive() async {
    let store = TestStore(initialState: 0) { Relay() }
    await store.send(.firstTapped) { $0 = 1 }
    await store.skipReceivedActions()
    await store.send(.addTapped) { $0 = 12 }
    await store.finish()
  }

  @Test func skipReceivedActionsWithNoneToSkipFailsWhenStrict() async {
    let store = TestStore(initialState: 0) { Relay() }
    await store.skipReceivedActions(strict: false)
    let line = #line + 2
    let issues = await recordedIssues {
      await store.skipReceivedActions()
    }
    expectOneIssue(
      issues, atLine: line,
      containing: ["'skipReceivedActions()' found no received action to skip", "strict: false"])
  }

  @Test func skipInFlightEffectsLetsThemRunAndTheirActionsAreReceived() async {
    let clock = TestClock()
    let store = TestStore(initialState: 0) {
      Relay()
    } withDependencies: {
      $0.clock = clock
    }
    let task = await store.send(.timerStarted)
    await clock.advance(by: .seconds(1))
    await store.receive(.timerTicked) { $0 = 1 }
    await store.skipInFlightEffects()
    #expect(!task.isCancelled)
    await clock.advance(by: .seconds(1))
    await store.receive(.timerTicked) { $0 = 2 }
    await store.finish()  // the timer is no longer awaited
    #expect(!task.isCancelled)
  }

  @Test func skipInFlightEffectsKeepsTheActionsTheySent() async {
    let clock = TestClock()
    let store = TestStore(initialState: 0) {
      Relay()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.timerStarted)
    await store.send(.firstTapped) { $0 = 1 }
    await store.skipInFlightEffects()
    await store.receive(.secondArrived) { $0 = 2 }
    await store.finish()
  }

  @Test func skipInFlightEffectsWithNoneRunningFailsWhenStrict() async {
    let store = TestStore(initialState: 0) { Relay() }
    await store.skipInFlightEffects(strict: false)
    let line = #line + 2
    let issues = await recordedIssues {
      await store.skipInFlightEffects()
    }
    expectOneIssue(
      issues, atLine: line,
      containing: ["'skipInFlightEffects()' found no effect running to skip", "strict: false"])
  }

  // MARK: Shorthand

  private func makeStore(stamp: Int) -> TestStoreOf<Relay> {
    TestStore(initialState: 0) {
      Relay()
    } withDependencies: {
      $0.stamp = stamp
    }
  }

  @Test func testStoreOfNamesTheStoreOfAReducer() async {
    let store: TestStore<Int, Relay.Action> = makeStore(stamp: 5)
    await store.send(.stampTapped) { $0 = 5 }
    await store.receive(.stampArrived) { $0 = 6 }
  }
}
