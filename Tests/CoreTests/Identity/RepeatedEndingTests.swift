import Testing

@testable import Core

/// A child reducer returns the same request to end its children's work while it keeps the same
/// children, and the store skips a request it already carried out at the same place, unless a
/// child has started work since.
@MainActor
@Suite struct RepeatedEndingTests {
  struct Host: Reducer {
    struct State: Equatable, Sendable { var ticks = 0 }
    enum Action: Equatable, Sendable { case start(Int), end, tick }
    let gate: EffectGate
    /// One request, returned by every `.end`: it ends every child.
    let request = ChildEnding { _ in true }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .start(id):
        return Effect<Action>.run { [gate] send in
          await gate.wait()
          await send(.tick)
        }
        .lift({ $0 }, into: .element(KeyPathID(\State.self), HashableValue(id)))
      case .end:
        return Effect(ending: request)
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }

  @Test func aRequestCarriedOutAgainAfterAChildStartedWorkEndsThatWork() async {
    let gate = EffectGate()
    let store = Store(initialState: Host.State()) { Host(gate: gate) }
    let first = store.send(.start(1))
    store.send(.end)
    store.send(.end)  // Nothing started since: skipped, and nothing to end.
    let second = store.send(.start(2))
    store.send(.end)  // The same request: child 2 started work since, so it ends.
    gate.open()
    await first.finish()
    await second.finish()
    #expect(store.state.ticks == 0)
  }

  @Test func theRegistryStampChangesWhenAChildStartsWorkNotWhenWorkEnds() async {
    let registry = EffectRegistry()
    let before = registry.stamp
    let gate = EffectGate()
    let task = registry.spawn { await gate.wait() }
    registry.register(
      task.id,
      startedAt: ChildPath.root.appending(
        .screen(KeyPathID(\Int.self), StackElementID(generation: 0))))
    let started = registry.stamp
    #expect(started != before)
    gate.open()
    await task.task.value
    #expect(!registry.isRunning(task.id))
    #expect(registry.stamp == started)
  }

  @Test func theRegistryStampChangesWhenAThrottleWindowIsKeptNotWhenItIsReused() {
    let registry = EffectRegistry()
    let key = ThrottleKey(
      path: .root, id: HashableValue("search"), clock: HashableValue("clock"))
    let before = registry.stamp
    let window = registry.throttleWindow(for: key) {
      ClockWindow(clock: ContinuousClock(), interval: .seconds(1))
    }
    let kept = registry.stamp
    #expect(kept != before)
    let again = registry.throttleWindow(for: key) {
      ClockWindow(clock: ContinuousClock(), interval: .seconds(1))
    }
    #expect(again === window)
    #expect(registry.stamp == kept)
  }
}
