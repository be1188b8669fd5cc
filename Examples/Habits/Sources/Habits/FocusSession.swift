import Core

/// A focus timer for a habit, pushed from its detail screen: counts down, and when it reaches
/// zero checks the habit in and closes.
///
/// Its ``State/habit`` is the list's habit, shared by ``HabitsFeature``: the check-in lands in
/// the list and on the detail screen below.
public struct FocusSession: Reducer {
  public struct State: Equatable, Sendable {
    public var habit: Habit
    public var secondsLeft: Int
    public var isRunning = false

    public init(habit: Habit, secondsLeft: Int = 60) {
      self.habit = habit
      self.secondsLeft = secondsLeft
    }
  }

  public enum Action: Equatable, Sendable {
    case startButtonTapped
    case pauseButtonTapped
    case timerTicked
  }

  enum CancelID { case timer }

  @Dependency(\.clock) var clock
  @Dependency(\.date) var date
  @Dependency(\.dismiss) var dismiss

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startButtonTapped:
      guard !state.isRunning else { return .none }
      state.isRunning = true
      return .run { [clock] send in
        for await _ in clock.timer(interval: .seconds(1)) {
          await send(.timerTicked)
        }
      }
      .cancellable(id: CancelID.timer, cancelInFlight: true)
    case .pauseButtonTapped:
      state.isRunning = false
      return .cancel(id: CancelID.timer)
    case .timerTicked:
      state.secondsLeft -= 1
      guard state.secondsLeft == 0 else { return .none }
      state.isRunning = false
      state.habit.checkIns.append(date.now)
      return .concatenate(.cancel(id: CancelID.timer), .run { [dismiss] _ in await dismiss() })
    }
  }
}
