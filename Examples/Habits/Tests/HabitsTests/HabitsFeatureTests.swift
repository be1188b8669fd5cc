import Core
import CoreTesting
import Foundation
import Habits
import Testing

/// The list and its screens sharing one habit: every copy changes at the step that changed it.
@MainActor
@Suite struct HabitsFeatureTests {
  let run = Habit(id: UUID(0), name: "Run")
  let read = Habit(id: UUID(1), name: "Read", weeklyGoal: 7)

  @Test func addingAHabitPushesItsDetailScreen() async {
    let store = TestStore(initialState: HabitsFeature.State()) { HabitsFeature() }
    await store.send(.addButtonTapped) {
      $0.habits = [Habit(id: UUID(0), name: "New habit")]
      $0.path.append(.detail(HabitDetail.State(habit: Habit(id: UUID(0), name: "New habit"))))
    }
  }

  @Test func anEditOnTheDetailScreenIsAnEditOfTheList() async {
    let store = TestStore(initialState: HabitsFeature.State(habits: [run, read])) {
      HabitsFeature()
    }
    await store.send(.habitTapped(run.id)) {
      $0.path.append(.detail(HabitDetail.State(habit: self.run)))
    }
    await store.send(.path(.element(id: 0, action: .detail(.nameChanged("Run 5 km"))))) {
      $0.path[id: 0].modify(HabitsFeature.Path.State.detail) { $0.habit.name = "Run 5 km" }
      $0.habits[id: self.run.id]?.name = "Run 5 km"
    }
    await store.send(.path(.element(id: 0, action: .detail(.goalStepped(by: 1))))) {
      $0.path[id: 0].modify(HabitsFeature.Path.State.detail) { $0.habit.weeklyGoal = 4 }
      $0.habits[id: self.run.id]?.weeklyGoal = 4
    }
  }

  @Test func aCheckInOnTheFocusScreenReachesTheListAndTheDetailBelow() async {
    let clock = TestClock()
    let store = TestStore(initialState: HabitsFeature.State(habits: [run])) {
      HabitsFeature()
    } withDependencies: {
      $0.clock = clock
      $0.date.now = Date(timeIntervalSinceReferenceDate: 3600)
    }
    await store.send(.habitTapped(run.id)) {
      $0.path.append(.detail(HabitDetail.State(habit: self.run)))
    }
    await store.send(
      .path(.push(id: 1, state: .focus(FocusSession.State(habit: run, secondsLeft: 2))))
    ) {
      $0.path[id: 1] = .focus(FocusSession.State(habit: self.run, secondsLeft: 2))
    }
    await store.send(.path(.element(id: 1, action: .focus(.startButtonTapped)))) {
      $0.path[id: 1].modify(HabitsFeature.Path.State.focus) { $0.isRunning = true }
    }
    await clock.advance(by: .seconds(2))
    await store.receive(.path(.element(id: 1, action: .focus(.timerTicked)))) {
      $0.path[id: 1].modify(HabitsFeature.Path.State.focus) { $0.secondsLeft = 1 }
    }
    let checkedIn = [Date(timeIntervalSinceReferenceDate: 3600)]
    await store.receive(.path(.element(id: 1, action: .focus(.timerTicked)))) {
      $0.path[id: 1].modify(HabitsFeature.Path.State.focus) {
        $0.secondsLeft = 0
        $0.isRunning = false
        $0.habit.checkIns = checkedIn
      }
      $0.habits[id: self.run.id]?.checkIns = checkedIn
      $0.path[id: 0].modify(HabitsFeature.Path.State.detail) { $0.habit.checkIns = checkedIn }
    }
    await store.receive(.path(.popFrom(id: 1))) {
      _ = $0.path.popLast()
    }
    await store.finish()
  }

  @Test func theDetailAsksForAFocusSessionAndTheAppPushesIt() async {
    let store = TestStore(initialState: HabitsFeature.State(habits: [run])) { HabitsFeature() }
    await store.send(.habitTapped(run.id)) {
      $0.path.append(.detail(HabitDetail.State(habit: self.run)))
    }
    await store.send(.path(.element(id: 0, action: .detail(.focusButtonTapped))))
    await store.receive(.path(.element(id: 0, action: .detail(.delegate(.startFocus(run.id)))))) {
      $0.path.append(.focus(FocusSession.State(habit: self.run)))
    }
  }

  @Test func deletingTheHabitFromItsDetailPopsItsScreens() async {
    let store = TestStore(initialState: HabitsFeature.State(habits: [run, read])) {
      HabitsFeature()
    }
    await store.send(.habitTapped(run.id)) {
      $0.path.append(.detail(HabitDetail.State(habit: self.run)))
    }
    await store.send(.path(.element(id: 0, action: .detail(.deleteButtonTapped)))) {
      $0.path[id: 0].modify(HabitsFeature.Path.State.detail) {
        $0.alert = AlertState(
          title: "Delete “Run”?",
          buttons: [
            ButtonState(role: .destructive, action: .deletionConfirmed, label: "Delete"),
            ButtonState(role: .cancel, label: "Cancel"),
          ])
      }
    }
    await store.send(
      .path(.element(id: 0, action: .detail(.alert(.presented(.deletionConfirmed)))))
    ) {
      $0.path[id: 0].modify(HabitsFeature.Path.State.detail) { $0.alert = nil }
    }
    await store.receive(.path(.element(id: 0, action: .detail(.delegate(.deleteHabit(run.id)))))) {
      $0.habits = [self.read]
      $0.path = []
    }
  }

  @Test func deletingAHabitFromTheListStopsTheTimerOfItsFocusScreen() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: HabitsFeature.State(
        habits: [run, read], path: [.detail(HabitDetail.State(habit: read))])
    ) {
      HabitsFeature()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.path(.push(id: 1, state: .focus(FocusSession.State(habit: run))))) {
      $0.path[id: 1] = .focus(FocusSession.State(habit: self.run))
    }
    await store.send(.path(.element(id: 1, action: .focus(.startButtonTapped)))) {
      $0.path[id: 1].modify(HabitsFeature.Path.State.focus) { $0.isRunning = true }
    }
    // The focus screen is popped; the detail screen below it shows another habit and stays.
    await store.send(.deleteSwiped(run.id)) {
      $0.habits = [self.read]
      _ = $0.path.popLast()
    }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func aScreenPushedForAHabitNotInTheListIsPoppedAtOnce() async {
    let store = TestStore(initialState: HabitsFeature.State(habits: [read])) { HabitsFeature() }
    await store.send(.path(.push(id: 0, state: .detail(HabitDetail.State(habit: run)))))
  }

  @Test func aStaleCopyPushedTakesTheListsValue() async {
    let renamed = Habit(id: run.id, name: "Run (old name)")
    let store = TestStore(initialState: HabitsFeature.State(habits: [run])) { HabitsFeature() }
    await store.send(.path(.push(id: 0, state: .detail(HabitDetail.State(habit: renamed))))) {
      $0.path[id: 0] = .detail(HabitDetail.State(habit: self.run))
    }
  }

  @Test func clearingTheCheckInsOnlyKeepsTheHabit() async {
    let done = Habit(
      id: run.id, name: "Run", checkIns: [Date(timeIntervalSinceReferenceDate: 0)])
    let store = TestStore(
      initialState: HabitsFeature.State(
        habits: [done], path: [.detail(HabitDetail.State(habit: done))])
    ) {
      HabitsFeature()
    }
    await store.send(.path(.element(id: 0, action: .detail(.deleteButtonTapped)))) {
      $0.path[id: 0].modify(HabitsFeature.Path.State.detail) {
        $0.alert = AlertState(title: "Delete “Run”?") {
          ButtonState(role: .destructive, action: .deletionConfirmed, label: "Delete")
          ButtonState(action: .clearCheckInsConfirmed, label: "Clear the check-ins only")
          ButtonState(role: .cancel, label: "Cancel")
        }
      }
    }
    await store.send(
      .path(.element(id: 0, action: .detail(.alert(.presented(.clearCheckInsConfirmed)))))
    ) {
      $0.path[id: 0].modify(HabitsFeature.Path.State.detail) {
        $0.alert = nil
        $0.habit.checkIns = []
      }
      $0.habits[id: self.run.id]?.checkIns = []
    }
  }
}
