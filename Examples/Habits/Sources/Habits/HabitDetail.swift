import Core

/// The screen of one habit, pushed from the list: renames it, changes its goal, checks it in,
/// and deletes it after asking.
///
/// Its ``State/habit`` is the list's habit, shared by ``HabitsFeature``: an edit here is an
/// edit of the list.
public struct HabitDetail: Reducer {
  public struct State: Equatable, Sendable {
    public var habit: Habit
    @PresentationState public var alert: AlertState<Action.Alert>?

    public init(habit: Habit, alert: AlertState<Action.Alert>? = nil) {
      self.habit = habit
      self.alert = alert
    }
  }

  public enum Action: Equatable, Sendable {
    case nameChanged(String)
    case goalStepped(by: Int)
    case checkInTapped
    case focusButtonTapped
    case deleteButtonTapped
    case alert(PresentationAction<Alert>)
    case delegate(Delegate)

    public enum Alert: Equatable, Sendable {
      case deletionConfirmed
      case clearCheckInsConfirmed
    }

    /// What the screen asks of the app.
    public enum Delegate: Equatable, Sendable {
      /// Delete the habit: the app removes it from the list, which closes this screen.
      case deleteHabit(Habit.ID)
      /// Push a focus session for the habit.
      case startFocus(Habit.ID)
    }
  }

  @Dependency(\.date) var date

  public init() {}

  public var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case let .nameChanged(name):
        state.habit.name = name
        return .none
      case let .goalStepped(step):
        state.habit.weeklyGoal = min(
          max(state.habit.weeklyGoal + step, Habit.weeklyGoals.lowerBound),
          Habit.weeklyGoals.upperBound)
        return .none
      case .checkInTapped:
        state.habit.checkIns.append(date.now)
        return .none
      case .focusButtonTapped:
        return .send(.delegate(.startFocus(state.habit.id)))
      case .deleteButtonTapped:
        state.alert = AlertState(title: "Delete “\(state.habit.name)”?") {
          ButtonState(role: .destructive, action: .deletionConfirmed, label: "Delete")
          if !state.habit.checkIns.isEmpty {
            ButtonState(action: .clearCheckInsConfirmed, label: "Clear the check-ins only")
          }
          ButtonState(role: .cancel, label: "Cancel")
        }
        return .none
      case .alert(.presented(.deletionConfirmed)):
        return .send(.delegate(.deleteHabit(state.habit.id)))
      case .alert(.presented(.clearCheckInsConfirmed)):
        state.habit.checkIns = []
        return .none
      case .alert, .delegate:
        return .none
      }
    }
    .ifLet(\.$alert, action: Action.alert)
  }
}
