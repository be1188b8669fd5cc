import Testing

@testable import Core

/// A child reducer's effect that a parent delays (after an effect of its own in a
/// concatenation, or throttled) carries its request to end the children that left the state;
/// the request speaks of the state as the reducer left it, so it is carried out at once: not
/// when the delayed effect starts, where it would end a child presented meanwhile, and even
/// when the throttle drops the effect.
@MainActor
@Suite struct DelayedChildEffectTests {
  struct Inner: Reducer {
    struct State: Equatable, Sendable {
      @PresentationState var worker: Worker.State?
      var marks = 0
    }
    enum Action: Equatable, Sendable {
      case present(Int), mark
      case worker(PresentationAction<Worker.Action>)
    }
    let gate: EffectGate

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case let .present(id): state.worker = Worker.State(id: id)
        case .mark: state.marks += 1
        case .worker: break
        }
        return .none
      }
      .ifLet(\.$worker, action: Action.worker) { Worker(gate: gate) }
    }
  }

  /// Runs `Inner` directly, or with its effect delayed until `delay` opens.
  struct Outer: Reducer {
    enum Action: Equatable, Sendable {
      case now(Inner.Action)
      case later(Inner.Action)
      case throttled(Inner.Action)
    }
    let inner: Inner
    let delay: EffectGate

    func reduce(into state: inout Inner.State, action: Action) -> Effect<Action> {
      switch action {
      case let .now(innerAction):
        return inner.reduce(into: &state, action: innerAction).map(Action.now)
      case let .later(innerAction):
        let effect = inner.reduce(into: &state, action: innerAction).map(Action.now)
        return .concatenate(
          .run { [delay] _ in await delay.wait() }, .merge(effect, .send(.now(.mark))))
      case let .throttled(innerAction):
        return inner.reduce(into: &state, action: innerAction).map(Action.now)
          .throttle(id: "inner", for: .seconds(3_600), clock: ContinuousClock(), latest: false)
      }
    }
  }

  @Test func aDelayedEffectDoesNotEndAChildPresentedMeanwhile() async {
    let (work, delay) = (EffectGate(), EffectGate())
    let store = Store(initialState: Inner.State()) { Outer(inner: Inner(gate: work), delay: delay) }
    var tasks: [StoreTask] = []
    store.send(.now(.present(1)))
    // Child 1's work, and the request to end every child but child 1, wait for `delay`.
    tasks.append(store.send(.later(.worker(.presented(.start)))))
    store.send(.now(.present(2)))
    tasks.append(store.send(.now(.worker(.presented(.start)))))
    delay.open()
    while store.state.marks == 0 { await Task.yield() }
    work.open()
    for task in tasks { await task.finish() }
    // Child 2's work ran to its end: its tick, and child 1's late one, reached child 2.
    #expect(store.state.worker?.ticks == 2)
  }

  @Test func aThrottledEffectThatIsDroppedStillEndsTheChildrenThatLeft() async {
    let (work, delay) = (EffectGate(), EffectGate())
    let store = Store(initialState: Inner.State()) { Outer(inner: Inner(gate: work), delay: delay) }
    var tasks: [StoreTask] = []
    store.send(.now(.present(1)))
    // Runs at once and opens the throttle's window of an hour.
    tasks.append(store.send(.throttled(.worker(.presented(.start)))))
    // Waits for the window's end.
    tasks.append(store.send(.throttled(.worker(.presented(.stop)))))
    store.send(.now(.present(2)))
    // Dropped by the throttle (one already waits): child 2's work, but not the ending of
    // child 1, which left.
    tasks.append(store.send(.throttled(.worker(.presented(.start)))))
    work.open()
    // Child 1's work, had it run on, would send its tick within a few turns.
    for _ in 0..<1_000 where store.state.worker?.ticks == 0 { await Task.yield() }
    // Child 1's work was cancelled: no tick reached child 2.
    #expect(store.state.worker == Worker.State(id: 2))
    // The throttle's window stays open for an hour: the test does not wait for it.
    for task in tasks { task.cancel() }
  }
}
