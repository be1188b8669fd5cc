import Core
import Foundation

/// A feature for the replay tests: screens on a stack, each a tally, and a total on the root
/// that a bug can get wrong.
struct TallyFeature: Reducer {
  struct Screen: Reducer {
    struct State: Codable, Equatable, Sendable {
      var name: String
      var count = 0
    }

    enum Action: Codable, Equatable, Sendable {
      case incremented
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count += 1
      return .none
    }
  }

  struct State: Codable, Equatable, Sendable {
    var path = StackState<Screen.State>()
    var total = 0
    var note = ""
  }

  enum Action: Codable, Equatable, Sendable {
    case path(StackAction<Screen.State, Screen.Action>)
    case opened(String)
    case noted(String)
    case resetTapped
  }

  /// Whether `resetTapped` forgets to reset the total: the bug a report is recorded for.
  var resetKeepsTheTotal = false

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .path(.element(_, .incremented)):
        state.total += 1
      case .path:
        break
      case .opened(let name):
        state.path.append(Screen.State(name: name))
      case .noted(let note):
        state.note = note
      case .resetTapped:
        for id in state.path.ids { state.path[id: id]?.count = 0 }
        if !resetKeepsTheTotal { state.total = 0 }
      }
      return .none
    }
    .forEach(\.path, action: Action.path) { Screen() }
  }
}
