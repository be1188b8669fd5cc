import Core
import CoreTesting
import Testing

/// Sleeps due at the same instant end one at a time, in the order they began, each woken
/// task acting before the next wakes: what a random session does, so that its handed-back
/// test, which calls `advance`, replays the session's order.
@MainActor
struct TestClockOrderTests {
  /// What sleeping tasks did, in order.
  final class Log: Sendable {
    private let entries = Locked<[String]>([])
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
  }

  @Test(arguments: 1...10)
  func sleepsDueTogetherWakeOneAtATimeInTheOrderTheyBegan(round: Int) async {
    let clock = TestClock()
    let log = Log()
    var tasks: [Task<Void, Never>] = []
    for name in ["a", "b", "c"] {
      tasks.append(
        Task.detached {
          try? await clock.sleep(for: .seconds(1))
          log.append("\(name) woke")
          // Several hops before it is done: a task woken with it would act in between.
          for _ in 0..<3 { await Task.yield() }
          await MainActor.run {}
          log.append("\(name) done")
        })
      // Let it start sleeping before the next one starts.
      await clock.advance(by: .zero)
      await Task.yield()
    }
    await clock.advance(by: .seconds(1))
    for task in tasks { await task.value }
    #expect(log.all == ["a woke", "a done", "b woke", "b done", "c woke", "c done"])
  }

  @Test func sleepsWithEarlierDeadlinesStillWakeFirst() async {
    let clock = TestClock()
    let log = Log()
    let late = Task.detached {
      try? await clock.sleep(for: .seconds(2))
      log.append("late")
    }
    await clock.advance(by: .zero)
    let early = Task.detached {
      try? await clock.sleep(for: .seconds(1))
      log.append("early")
    }
    await clock.advance(by: .seconds(2))
    await late.value
    await early.value
    #expect(log.all == ["early", "late"])
  }

  @Test(arguments: 1...10)
  func effectsDueTogetherFeedBackInTheOrderTheyStarted(round: Int) async {
    let clock = TestClock()
    let store = TestStore(initialState: Waiters.State()) {
      Waiters()
    } withDependencies: {
      $0.clock = clock
    }
    // The first to sleep takes the longest to send once woken.
    await store.send(.started("a", hops: 6))
    await store.send(.started("b", hops: 3))
    await store.send(.started("c", hops: 0))
    await clock.advance(by: .seconds(1))
    await store.receive(.woke("a")) { $0.woken = ["a"] }
    await store.receive(.woke("b")) { $0.woken = ["a", "b"] }
    await store.receive(.woke("c")) { $0.woken = ["a", "b", "c"] }
  }
}

/// Effects that each sleep a second on the clock, then hop between tasks, then say so.
private struct Waiters: Reducer {
  struct State: Equatable {
    var woken: [String] = []
  }

  enum Action: Equatable {
    case started(String, hops: Int)
    case woke(String)
  }

  @Dependency(\.clock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .started(name, hops):
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        // Hops before sending: an effect woken with this one would send first.
        for _ in 0..<hops { await Task.yield() }
        await send(.woke(name))
      }
    case let .woke(name):
      state.woken.append(name)
      return .none
    }
  }
}
