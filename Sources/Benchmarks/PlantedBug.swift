import Core

/// A counter that saves after a second on the clock, with a planted bug for the shrinking
/// case: a decrement right after a save that finished while the counter was locked takes away
/// two instead of one.
struct PlantedBug: Reducer {
  struct State: Equatable, Codable, Sendable {
    var count = 0
    var isLocked = false
    var isSaving = false
    var justSavedLocked = false
    var note = ""
  }

  enum Action: Equatable, Codable, Sendable {
    case incrementTapped
    case decrementTapped
    case lockTapped
    case saveTapped
    case saveFinished
    case noteChanged(String)
  }

  @Dependency(\.clock) var clock

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .incrementTapped:
        state.count += 1
        state.justSavedLocked = false
      case .decrementTapped:
        state.count -= state.justSavedLocked ? 2 : 1
        state.justSavedLocked = false
      case .lockTapped:
        state.isLocked.toggle()
      case .saveTapped:
        state.isSaving = true
        return .run { [clock] send in
          try? await clock.sleep(for: .seconds(1))
          await send(.saveFinished)
        }
      case .saveFinished:
        state.isSaving = false
        state.justSavedLocked = state.isLocked
      case let .noteChanged(note):
        state.note = note
      }
      return .none
    }
  }
}
