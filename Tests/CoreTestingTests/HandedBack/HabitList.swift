import Core
import CoreTesting
import Foundation

/// A list of habits keyed by UUIDs: adding one saves it after a second on the clock, and each
/// row is a feature of its own.
///
/// Two habits added at the same instant are saved at the same instant: the one added first
/// takes longer to report it, so that waking both at once would report the second first.
struct HabitList: Reducer {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<HabitRow.State> = []
    var saved: [UUID] = []
  }

  enum Action: Equatable {
    case addTapped
    case row(id: UUID, action: HabitRow.Action)
    case saved(UUID)
  }

  @Dependency(\.uuid) var uuid
  @Dependency(\.clock) var clock

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .addTapped:
        let id = uuid()
        let hops = state.rows.isEmpty ? 6 : 0
        state.rows.append(HabitRow.State(id: id, name: "Habit \(state.rows.count + 1)"))
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          for _ in 0..<hops { await Task.yield() }
          await send(.saved(id))
        }
      case let .saved(id):
        state.saved.append(id)
        return .none
      case .row:
        return .none
      }
    }
    .forEach(\.rows, action: Action.row) { HabitRow() }
  }

  /// The steps of its sessions: add two habits, let them save, rename the first, mark the
  /// second done.
  static func script(_ state: State) -> RandomSessionStep<Action>? {
    if state.rows.count < 2 { return .send(.addTapped) }
    if state.saved.count < 2 { return .advanceClock(by: .seconds(1)) }
    let (first, second) = (state.rows[0], state.rows[1])
    if first.name == "Habit 1" {
      return .send(.row(id: first.id, action: .renamed("Read \"Dune\"\tdaily")))
    }
    if !second.isDone { return .send(.row(id: second.id, action: .doneToggled)) }
    return nil
  }
}

/// One habit of the list.
struct HabitRow: Reducer {
  struct State: Equatable, Identifiable {
    let id: UUID
    var name: String
    var isDone = false
  }

  enum Action: Equatable {
    case renamed(String)
    case doneToggled
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .renamed(name): state.name = name
    case .doneToggled: state.isDone.toggle()
    }
    return .none
  }
}
