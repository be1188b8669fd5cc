import Core
import CoreTesting
import Foundation
import Habits
import Testing

/// The focus timer alone: it ticks on the clock dependency, checks in, and closes itself.
@MainActor
@Suite struct FocusSessionTests {
  let habit = Habit(id: UUID(0), name: "Meditate")

  @Test func reachingZeroChecksInAndCloses() async {
    let clock = TestClock()
    let store = TestStore(initialState: FocusSession.State(habit: habit, secondsLeft: 1)) {
      FocusSession()
    } withDependencies: {
      $0.clock = clock
      $0.date.now = Date(timeIntervalSinceReferenceDate: 60)
    }
    await store.send(.startButtonTapped) { $0.isRunning = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.timerTicked) {
      $0.secondsLeft = 0
      $0.isRunning = false
      $0.habit.checkIns = [Date(timeIntervalSinceReferenceDate: 60)]
    }
    #expect(store.isDismissed)
  }

  @Test func pausingStopsTheTimer() async {
    let clock = TestClock()
    let store = TestStore(initialState: FocusSession.State(habit: habit, secondsLeft: 10)) {
      FocusSession()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.startButtonTapped) { $0.isRunning = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.timerTicked) { $0.secondsLeft = 9 }
    await store.send(.pauseButtonTapped) { $0.isRunning = false }
    await clock.advance(by: .seconds(5))
    store.assert { $0.secondsLeft = 9 }
    await store.finish()
  }
}
