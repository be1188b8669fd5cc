import CoreTesting
import TestSupport
import Testing

@testable import Core

/// The screens whose long-running effect is running, by screen uid.
private final class LiveEffects: Sendable {
  private let counts = Locked<[Int: Int]>([:])

  func enter(_ uid: Int) { counts.withLock { $0[uid, default: 0] += 1 } }
  func leave(_ uid: Int) {
    counts.withLock {
      $0[uid, default: 0] -= 1
      if $0[uid] == 0 { $0[uid] = nil }
    }
  }
  var snapshot: [Int: Int] { counts.withLock { $0 } }
}

/// A screen with a ticking effect that records itself in `LiveEffects` while it runs.
private struct Screen: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    let id: Int
    var isWorking = false
    var ticks = 0
  }

  enum Action: Equatable, Sendable {
    case startWork
    case tick
    case closeTapped
  }

  let live: LiveEffects
  @Dependency(\.clock) var clock
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startWork:
      state.isWorking = true
      return .run { [uid = state.id, clock, live] send in
        live.enter(uid)
        defer { live.leave(uid) }
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
    case .tick:
      state.ticks += 1
      return .none
    case .closeTapped:
      return .run { [dismiss] _ in await dismiss() }
    }
  }
}

private struct Root: Reducer {
  struct State: Equatable {
    @PresentationState var sheet: Screen.State? = nil
    var path = StackState<Screen.State>()
  }

  enum Action: Equatable, Sendable {
    case sheet(PresentationAction<Screen.Action>)
    case path(StackAction<Screen.State, Screen.Action>)
    case present(Int)
    case dismissSheet
    case push(Int)
    case popTo(StackElementID)
  }

  let live: LiveEffects

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case let .present(uid): state.sheet = Screen.State(id: uid)
      case .dismissSheet: state.sheet = nil
      case let .push(uid): state.path.append(Screen.State(id: uid))
      case let .popTo(id): state.path.pop(to: id)
      case .sheet, .path: break
      }
      return .none
    }
    .ifLet(\.$sheet, action: Action.sheet) { Screen(live: live) }
    .forEach(\.path, action: Action.path) { Screen(live: live) }
  }
}

extension NavigationTests {
  /// Random presentations, dismissals (by the parent, by `.dismiss`, by the child), pushes, pops
  /// and effects in flight in presented and stacked screens. After every step: an effect runs
  /// exactly for each present screen that started one (none outlives its screen, none is
  /// cancelled with another screen), no action reached a screen that is gone, and at the end the
  /// store is released.
  @MainActor
  @Suite struct NavigationRandomizedTests {
    @Test(arguments: [1, 2024, 0xC0FFEE] as [UInt64])
    func effectsLiveExactlyAsLongAsTheirScreens(seed: UInt64) async {
      let live = LiveEffects()
      let clock = TestClock()
      weak var released: Store<Root.State, Root.Action>?
      let issues = await collectingIssues {
        var random = SplitMix64(seed: seed)
        let store = Store(initialState: Root.State()) {
          Root(live: live)
        } withDependencies: {
          $0.clock = clock
        }
        released = store
        var nextUID = 0
        for step in 0..<400 {
          let description = await Self.step(store, clock, &random, &nextUID)
          let settled = await Self.settle {
            Self.expectedLive(store.state) == live.snapshot
          }
          guard settled else {
            Issue.record(
              """
              Seed \(seed), step \(step) (\(description)): running effects \(live.snapshot), \
              expected \(Self.expectedLive(store.state)).
              """)
            return
          }
        }
      }
      #expect(issues.isEmpty, "seed \(seed): \(issues)")
      let isReleased = await Self.settle { released == nil && live.snapshot.isEmpty }
      #expect(isReleased, "seed \(seed): store or effects alive after release: \(live.snapshot)")
    }

    /// One random step; returns what it did.
    private static func step(
      _ store: Store<Root.State, Root.Action>, _ clock: TestClock,
      _ random: inout SplitMix64, _ nextUID: inout Int
    ) async -> String {
      let state = store.state
      let ids = state.path.ids
      switch random.int(in: 0..<12) {
      case 0, 1:
        nextUID += 1
        store.send(.present(nextUID))
        return "present \(nextUID)"
      case 2 where state.sheet?.isWorking == false:
        store.send(.sheet(.presented(.startWork)))
        return "sheet starts work"
      case 3:
        store.send(.dismissSheet)
        return "parent sets the sheet to nil"
      case 4 where state.sheet != nil:
        store.send(.sheet(.dismiss))
        return "sheet .dismiss"
      case 5 where state.sheet != nil:
        store.send(.sheet(.presented(.closeTapped)))
        _ = await settle { store.state.sheet == nil }
        return "sheet dismisses itself"
      case 6, 7:
        nextUID += 1
        store.send(.push(nextUID))
        return "push \(nextUID)"
      case 8 where state.path.contains { !$0.isWorking }:
        let id = random.pick(ids.filter { state.path[id: $0]?.isWorking == false })
        store.send(.path(.element(id: id, action: .startWork)))
        return "screen \(id) starts work"
      case 9 where !ids.isEmpty:
        let id = random.pick(ids)
        if random.chance(50) {
          store.send(.popTo(id))
          return "pop to \(id)"
        }
        store.send(.path(.popFrom(id: id)))
        return "pop from \(id)"
      case 10 where !ids.isEmpty:
        let id = random.pick(ids)
        store.send(.path(.element(id: id, action: .closeTapped)))
        _ = await settle { store.state.path[id: id] == nil }
        return "screen \(id) dismisses itself"
      default:
        await clock.advance(by: .seconds(1))
        return "one second passes"
      }
    }

    /// The uids whose effect should be running: present screens that started work.
    private static func expectedLive(_ state: Root.State) -> [Int: Int] {
      var expected: [Int: Int] = [:]
      for screen in Array(state.path) + [state.sheet].compactMap({ $0 }) where screen.isWorking {
        expected[screen.id] = 1
      }
      return expected
    }

    /// Lets effects run until `condition` holds, within a bounded number of yields.
    private static func settle(_ condition: () -> Bool) async -> Bool {
      for _ in 0..<500 {
        if condition() { return true }
        await Task.yield()
      }
      return condition()
    }
  }
}
