import Core
import CoreTesting
import Foundation

/// A habit list keyed by UUIDs, with a detail screen pushed on a stack and undo and redo of the
/// list's edits, and a planted bug: a redo while a habit's screen is open puts back the name
/// before the rename instead of after it. Showing it takes five steps: add, rename, open, undo,
/// redo.
struct Habits: Reducer {
  struct Habit: Equatable, Identifiable, Sendable {
    let id: UUID
    var name: String
  }

  struct Detail: Reducer {
    struct State: Equatable, Sendable { let id: UUID }
    enum Action: Equatable, Sendable { case closeTapped }
    func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
  }

  struct State: Equatable, Sendable {
    var habits: IdentifiedArray<Habit> = []
    var path = StackState<Detail.State>()
    var undone: [IdentifiedArray<Habit>] = []
    var redone: [IdentifiedArray<Habit>] = []
    var note = ""
  }

  enum Action: Equatable, Sendable {
    case addTapped
    case renamed(UUID, String)
    case openTapped(UUID)
    case undoTapped
    case redoTapped
    case noteChanged(String)
    case path(StackAction<Detail.State, Detail.Action>)
  }

  @Dependency(\.uuid) var uuid

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .addTapped:
        state.undone.append(state.habits)
        state.redone = []
        state.habits.append(Habit(id: uuid(), name: "habit"))
      case let .renamed(id, name):
        guard state.habits[id: id] != nil else { return .none }
        state.undone.append(state.habits)
        state.redone = []
        state.habits[id: id]?.name = name
      case let .openTapped(id):
        state.path.append(Detail.State(id: id))
      case .undoTapped:
        guard let last = state.undone.popLast() else { return .none }
        state.redone.append(state.habits)
        state.habits = last
      case .redoTapped:
        guard let next = state.redone.popLast() else { return .none }
        state.undone.append(state.habits)
        // The planted bug: with a screen open, the redo keeps the names of before.
        if !state.path.isEmpty, let before = state.undone.last {
          state.habits = IdentifiedArray(
            uniqueElements: next.map { before[id: $0.id].map { old in old } ?? $0 })
        } else {
          state.habits = next
        }
      case let .noteChanged(note):
        state.note = note
      case .path:
        break
      }
      return .none
    }
    .forEach(\.path, action: Action.path) { Detail() }
  }

  /// What a user can do, from the state.
  @MainActor
  static func steps(_ state: State, _ next: NextSteps<Action>) {
    next.send(.addTapped)
    next.send(.noteChanged(next.string(maxLength: 10)))
    if let habit = next.element(of: state.habits) {
      next.send(.renamed(habit.id, next.string(maxLength: 12)), weight: 2)
      next.send(.openTapped(habit.id))
    }
    if !state.undone.isEmpty { next.send(.undoTapped) }
    if !state.redone.isEmpty { next.send(.redoTapped) }
    if let id = state.path.ids.last { next.send(.path(.popFrom(id: id))) }
  }

  /// The names a list with undo and redo shows, by a model that keeps its own history: only
  /// `names` is compared.
  struct Model {
    var names: [UUID: String] = [:]
    var undone: [[UUID: String]] = []
    var redone: [[UUID: String]] = []
    var nextID: UInt64 = 0

    mutating func update(_ action: Action) {
      switch action {
      case .addTapped:
        undone.append(names)
        redone = []
        names[UUID(nextID)] = "habit"
        nextID += 1
      case let .renamed(id, name):
        guard names[id] != nil else { return }
        undone.append(names)
        redone = []
        names[id] = name
      case .undoTapped:
        guard let last = undone.popLast() else { return }
        redone.append(names)
        names = last
      case .redoTapped:
        guard let next = redone.popLast() else { return }
        undone.append(names)
        names = next
      case .openTapped, .noteChanged, .path:
        break
      }
    }
  }
}
