import Core
import CoreTesting
import Foundation
import Testing

/// A stopwatch whose timer is `clock.timer(interval:)`, and which stamps laps with `\.date`.
private struct Stopwatch: Reducer {
  struct State: Equatable {
    var elapsed: Duration = .zero
    var ticks = 0
    var laps: [Date] = []
  }
  enum Action: Equatable, Sendable {
    case startTapped
    case stopTapped
    case ticked(Duration)
    case lapTapped
  }
  enum CancelID { case timer }

  @Dependency(\.clock) var clock
  @Dependency(\.date) var date

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startTapped:
      return .run { [clock] send in
        for await elapsed in clock.timer(interval: .seconds(1)) {
          await send(.ticked(elapsed))
        }
      }
      .cancellable(id: CancelID.timer)
    case .stopTapped:
      return .cancel(id: CancelID.timer)
    case let .ticked(elapsed):
      state.elapsed = elapsed
      state.ticks += 1
      return .none
    case .lapTapped:
      state.laps.append(date.now)
      return .none
    }
  }
}

@MainActor
@Suite struct ClockTimerTests {
  @Test func aTestClockTicksTheTimerOncePerIntervalAdvanced() async {
    let clock = TestClock()
    let store = TestStore(initialState: Stopwatch.State()) {
      Stopwatch()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.startTapped)
    await clock.advance(by: .milliseconds(999))
    await clock.advance(by: .milliseconds(1))
    await store.receive(.ticked(.seconds(1))) {
      $0.elapsed = .seconds(1)
      $0.ticks = 1
    }
    await clock.advance(by: .seconds(2))
    await store.receive(.ticked(.seconds(2))) {
      $0.elapsed = .seconds(2)
      $0.ticks = 2
    }
    await store.receive(.ticked(.seconds(3))) {
      $0.elapsed = .seconds(3)
      $0.ticks = 3
    }
    await store.send(.stopTapped)
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func theTimerEndsWhenItsTaskIsCancelled() async {
    let clock = TestClock()
    let ended = Locked(false)
    let task = Task {
      for await _ in clock.timer(interval: .seconds(1)) {}
      ended.withLock { $0 = true }
    }
    await clock.advance(by: .seconds(2))
    task.cancel()
    await task.value
    #expect(ended.withLock { $0 })
  }

  @Test func aLateTickDoesNotDelayTheNextOnes() async {
    let clock = TestClock()
    var iterator = clock.timer(interval: .seconds(1)).makeAsyncIterator()
    // Asked for 2.5 s after the start: the ticks due at 1 s and 2 s come at once.
    await clock.advance(by: .milliseconds(2500))
    let first = await iterator.next()
    let second = await iterator.next()
    #expect([first, second] == [.seconds(1), .seconds(2)])
  }

  @Test func anImmediateClockTicksWithoutWaiting() async {
    var elapsed: [Duration] = []
    for await tick in ImmediateClock().timer(interval: .seconds(60)) {
      elapsed.append(tick)
      if elapsed.count == 3 { break }
    }
    #expect(elapsed == [.seconds(60), .seconds(120), .seconds(180)])
  }

  @Test func aTestSetsTheDateDirectly() async {
    let store = TestStore(initialState: Stopwatch.State()) {
      Stopwatch()
    } withDependencies: {
      $0.date.now = Date(timeIntervalSinceReferenceDate: 10)
    }
    await store.send(.lapTapped) { $0.laps = [Date(timeIntervalSinceReferenceDate: 10)] }
    store.dependencies.date.now = Date(timeIntervalSinceReferenceDate: 70)
    await store.send(.lapTapped) {
      $0.laps.append(Date(timeIntervalSinceReferenceDate: 70))
    }
  }

  @Test func settingNowMakesTheGeneratorConstant() {
    var date = DateGenerator { Date(timeIntervalSinceReferenceDate: 1) }
    date.now = Date(timeIntervalSinceReferenceDate: 5)
    #expect(date.now == Date(timeIntervalSinceReferenceDate: 5))
    #expect(date() == Date(timeIntervalSinceReferenceDate: 5))
  }
}
