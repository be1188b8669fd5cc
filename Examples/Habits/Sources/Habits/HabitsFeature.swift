import Core

/// The app: the list of habits, and the stack of screens pushed over it.
///
/// Each habit is stored once, in ``State/habits``; the screens that show one (``HabitDetail``
/// and ``FocusSession``) hold it as their own state, shared with the list by the two `share`
/// lines of ``body``: what a screen changes is written to the list, what the list changes
/// reaches the screens, and deleting a habit pops its screens.
public struct HabitsFeature: Reducer {
  public struct State: Equatable, Sendable {
    public var habits: IdentifiedArrayOf<Habit>
    public var path: StackState<Path.State>

    public init(habits: IdentifiedArrayOf<Habit> = [], path: StackState<Path.State> = []) {
      self.habits = habits
      self.path = path
    }
  }

  public enum Action: Equatable, Sendable {
    case addButtonTapped
    case habitTapped(Habit.ID)
    case deleteSwiped(Habit.ID)
    case path(StackAction<Path.State, Path.Action>)
  }

  /// The screens that can be pushed: their states and actions, routed by the `Scope`s that
  /// ``body`` gives `forEach`.
  public enum Path {
    public enum State: Equatable, Sendable {
      case detail(HabitDetail.State)
      case focus(FocusSession.State)
    }
    public enum Action: Equatable, Sendable {
      case detail(HabitDetail.Action)
      case focus(FocusSession.Action)
    }
  }

  @Dependency(\.uuid) var uuid

  public init() {}

  public var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .addButtonTapped:
        let habit = Habit(id: uuid(), name: "New habit")
        state.habits.append(habit)
        state.path.append(.detail(HabitDetail.State(habit: habit)))
        return .none
      case let .habitTapped(id):
        guard let habit = state.habits[id: id] else { return .none }
        state.path.append(.detail(HabitDetail.State(habit: habit)))
        return .none
      case let .deleteSwiped(id),
        let .path(.element(id: _, action: .detail(.delegate(.deleteHabit(id))))):
        state.habits.remove(id: id)
        return .none
      case let .path(.element(id: _, action: .detail(.delegate(.startFocus(id))))):
        guard let habit = state.habits[id: id] else { return .none }
        state.path.append(.focus(FocusSession.State(habit: habit)))
        return .none
      case .path:
        return .none
      }
    }
    .forEach(\.path, action: Action.path) {
      Scope(state: Path.State.detail, action: Path.Action.detail) { HabitDetail() }
      Scope(state: Path.State.focus, action: Path.Action.focus) { FocusSession() }
    }
    .share(\.habits, with: \.path, in: Path.State.detail, at: \.habit)
    .share(\.habits, with: \.path, in: Path.State.focus, at: \.habit)
  }
}
