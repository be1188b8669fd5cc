import Testing

@testable import Core

/// Effects in bulk and under cancellation. Waits are on gates and countdowns, never on time:
/// a test knows when every effect has started, opens the gate, and counts what was delivered.
@MainActor
@Suite struct EffectStressTests {
  @Test func tenThousandConcurrentEffectsFeedEveryActionBack() async {
    let store = Relay.store { _ in
      .merge((0..<10_000).map { value in .run { send in await send(.received(value)) } })
    }

    await store.send(.trigger(0)).finish()

    #expect(store.state.count == 10_000)
    #expect(Set(store.state) == Set(0..<10_000))
    #expect(store.engine?.effects.count == 0)
  }

  @Test func tenThousandSendsEachStartingAnEffect() async {
    let log = ReducedActions<Relay.Action>()
    let store = Relay.store(log: log) { value in
      .run { send in await send(.received(value)) }
    }

    var tasks: [StoreTask] = []
    for value in 0..<10_000 {
      tasks.append(store.send(.trigger(value)))
      // Let other tests on the main actor run now and then.
      if value.isMultiple(of: 500) { await Task.yield() }
    }
    for task in tasks { await task.finish() }

    #expect(store.state.count == 10_000)
    #expect(Set(store.state) == Set(0..<10_000))
    #expect(log.count == 20_000)
    #expect(store.engine?.effects.count == 0)
  }

  @Test func feedbackChainsAreAwaitedByTheFirstSend() async {
    let store = Ladder.store(log: ReducedActions()) { action in
      guard case let .set(value) = action, value < 1_000 else { return .none }
      return .run { send in await send(.set(value + 1)) }
    }

    await store.send(.set(0)).finish()

    #expect(store.state.middle.leaf.value == 1_000)
  }

  @Test func cancelInFlightStormDeliversOnlyTheLastEffect() async {
    let gate = EffectGate()
    let started = ArrivalCounter()
    let cancelled = ArrivalCounter()
    let store = Relay.store { value in
      Relay.gated(value, gate: gate, started: started, cancelled: cancelled)
        .cancellable(id: 0, cancelInFlight: true)
    }

    let tasks = (0..<1_000).map { store.send(.trigger($0)) }
    await started.wait(for: 1_000)
    #expect(cancelled.count == 999)
    gate.open()
    for task in tasks { await task.finish() }

    #expect(store.state == [999])
    #expect(store.engine?.effects.count == 0)
  }

  @Test func interleavedCancellationsAcrossManyIDs() async {
    let gate = EffectGate()
    let started = ArrivalCounter()
    let store = Relay.store { value in
      Relay.gated(value, gate: gate, started: started)
        .cancellable(id: value % 7, cancelInFlight: value.isMultiple(of: 2))
    }
    // The reference: which effects are still registered when the gate opens.
    var live: [Int: Set<Int>] = [:]
    var tasks: [StoreTask] = []
    var triggers = 0
    for step in 0..<3_000 {
      if step % 3 == 2 {
        tasks.append(store.send(.cancel(step % 5)))
        live[step % 5] = []
      } else {
        tasks.append(store.send(.trigger(step)))
        triggers += 1
        if step.isMultiple(of: 2) { live[step % 7] = [] }
        live[step % 7, default: []].insert(step)
      }
    }
    await started.wait(for: triggers)
    gate.open()
    for task in tasks { await task.finish() }

    let expected = live.values.reduce(into: Set<Int>()) { $0.formUnion($1) }
    #expect(store.state.count == expected.count)
    #expect(Set(store.state) == expected)
    #expect(store.engine?.effects.count == 0)
  }

  @Test func cancellingInTheSameEffectThatStartsIt() async {
    let started = ArrivalCounter()
    let cancelled = ArrivalCounter()
    let gate = EffectGate()
    let store = Relay.store { value in
      .merge(
        Relay.gated(value, gate: gate, started: started, cancelled: cancelled)
          .cancellable(id: 1),
        .cancel(id: 1))
    }

    let task = store.send(.trigger(7))
    await started.wait(for: 1)
    gate.open()
    await task.finish()

    #expect(cancelled.count == 1)
    #expect(store.state == [])
  }

  @Test func cancellingFromAFollowUpActionBeforeTheEffectRuns() async {
    let started = ArrivalCounter()
    let gate = EffectGate()
    gate.open()
    let store = Relay.store { value in
      .merge(
        Relay.gated(value, gate: gate, started: started).cancellable(id: 1),
        .send(.cancel(1)))
    }

    await store.send(.trigger(7)).finish()

    #expect(started.count == 1)
    #expect(store.state == [])
  }

  @Test func effectCancellingItsOwnIDStopsDeliveringAtOnce() async {
    let log = ReducedActions<Relay.Action>()
    let store = Relay.store(log: log) { _ in
      .run { send in
        await send(.received(0))
        await send(.cancel(1))
        await send(.received(1))
        await send(.received(2))
      }
      .cancellable(id: 1)
    }

    await store.send(.trigger(0)).finish()

    #expect(log.actions == [.trigger(0), .received(0), .cancel(1)])
    #expect(store.state == [0])
  }

  @Test func cancellingAnIDWithNothingUnderItIsHarmless() async {
    let store = Relay.store { value in
      .run { send in await send(.received(value)) }.cancellable(id: 3)
    }

    await store.send(.cancel(3)).finish()
    await store.send(.cancel(42)).finish()
    await store.send(.trigger(5)).finish()

    #expect(store.state == [5])
  }

  @Test func storeTaskCancelStopsItsEffects() async {
    let gate = EffectGate()
    let started = ArrivalCounter()
    let cancelled = ArrivalCounter()
    let store = Relay.store { _ in
      .merge(
        (0..<100).map { Relay.gated($0, gate: gate, started: started, cancelled: cancelled) })
    }

    let task = store.send(.trigger(0))
    await started.wait(for: 100)
    task.cancel()
    #expect(cancelled.count == 100)
    gate.open()
    await task.finish()

    #expect(task.isCancelled)
    #expect(store.state == [])
  }

  @Test func concatenatedEffectsRunInOrderAndStopWhenCancelled() async {
    let store = Relay.store { count in
      .concatenate(
        (0..<count).map { value in
          .run { send in
            await send(.received(value))
            if value == count / 2 { await send(.cancel(9)) }
          }
        }
      )
      .cancellable(id: 9)
    }

    await store.send(.trigger(1_000)).finish()

    #expect(store.state == Array(0...500))
  }

  @Test func releasedStoreCancelsItsEffectsAndDropsWhatTheySend() async {
    let gate = EffectGate()
    let started = ArrivalCounter()
    let cancelled = ArrivalCounter()
    let log = ReducedActions<Relay.Action>()
    var store: Store<[Int], Relay.Action>? = Relay.store(log: log) { _ in
      .merge(
        (0..<1_000).map { Relay.gated($0, gate: gate, started: started, cancelled: cancelled) })
    }
    weak let weakStore = store
    let task = store?.send(.trigger(0))
    await started.wait(for: 1_000)

    store = nil

    #expect(weakStore == nil)
    #expect(cancelled.count == 1_000)
    gate.open()
    await task?.finish()
    #expect(log.actions == [.trigger(0)])
  }

  @Test func releasedStoreStopsAnEffectThatIsSendingInALoop() async {
    let halfway = ArrivalCounter()
    let stopped = ArrivalCounter()
    let log = ReducedActions<Relay.Action>()
    var store: Store<[Int], Relay.Action>? = Relay.store(log: log) { _ in
      .run { send in
        var value = 0
        // Bounded, so that a regression fails the test instead of hanging it.
        while !Task.isCancelled, value < 100_000 {
          value += 1
          await send(.received(value))
          // A few sends, not many: each is a turn of the main actor, and under
          // ThreadSanitizer, with the random-session tests holding it, a turn can take
          // seconds (six sends in the minute the wait allowed, in one CI run).
          if value == 3 { halfway.arrive() }
        }
        if Task.isCancelled { stopped.arrive() }
      }
    }
    let task = store?.send(.trigger(0))
    // Long: the wait ends at the third send, and only a starved main actor makes it long.
    await halfway.wait(for: 1, timeout: .seconds(600))

    store = nil
    let countAtRelease = log.count
    await task?.finish()

    #expect(stopped.count == 1)
    #expect(countAtRelease >= 3)
    #expect(log.count == countAtRelease)
  }

  @Test func removedElementsAndDismissedChildrenDeliverNothing() async {
    let gate = EffectGate()
    let started = ArrivalCounter()
    let issues = RuntimeIssues()
    let store = Store(initialState: Board.State()) {
      Board.BoardReducer(gate: gate, started: started)
    }
    var tasks: [StoreTask] = []
    await issues.capture {
      for id in 0..<100 { store.send(.cellAdded(id)) }
      store.send(.detailShown)
      for id in 0..<100 { tasks.append(store.send(.cell(id: id, action: .loadTapped))) }
      tasks.append(store.send(.detail(.loadTapped)))
      await started.wait(for: 101)
      // Remove the odd cells and the detail while their effects wait.
      for id in stride(from: 1, to: 100, by: 2) { store.send(.cellRemoved(id)) }
      store.send(.detailDismissed)
      gate.open()
      for task in tasks { await task.finish() }
    }

    #expect(store.state.cells.map(\.id) == Array(stride(from: 0, to: 100, by: 2)))
    #expect(store.state.cells.allSatisfy { $0.loaded })
    // The removed ones' effects were cancelled, so nothing reached a missing element.
    #expect(issues.messages == [])
    #expect(store.engine?.effects.count == 0)
  }

  @Test func cancellingAnIDLeavesTheEffectsOfActionsItsEffectFedBack() async {
    let gate = EffectGate()
    let started = ArrivalCounter()
    let store = Relay.store { value in
      if value == 0 {
        // Registered under 1; feeds back `.trigger(1)`, whose effect is not under 1.
        return .run { send in await send(.trigger(1)) }.cancellable(id: 1)
      }
      return Relay.gated(value, gate: gate, started: started)
    }

    let task = store.send(.trigger(0))
    await started.wait(for: 1)
    store.send(.cancel(1))
    gate.open()
    await task.finish()

    #expect(store.state == [1])
  }

  @Test func dismissingAChildKeepsTheParentEffectItsDelegateActionStarted() async {
    let gate = EffectGate()
    let started = ArrivalCounter()
    let store = Store(initialState: Board.State()) {
      Reduce<Board.State, Board.Action> { state, action in
        // Save and dismiss: the parent reacts to the child's `loaded` by closing the child and
        // starting its own effect, which must survive the child's cancellation.
        switch action {
        case .detailShown:
          state.detail = Board.Cell(id: 0)
          return .none
        case let .cellAdded(id):
          state.cells.append(Board.Cell(id: id))
          return .none
        case .detail(.loaded):
          state.detail = nil
        default:
          return .none
        }
        return .run { send in
          await gate.wait()
          await send(.cellAdded(99))
        }
      }
      .ifLet(\.detail, action: Board.Action.detail) {
        Board.CellReducer(gate: EffectGate.opened, started: started)
      }
    }
    store.send(.detailShown)

    let task = store.send(.detail(.loadTapped))
    await started.wait(for: 1)
    gate.open()
    await task.finish()

    #expect(store.state.detail == nil)
    #expect(store.state.cells.ids == [99])
  }
}
