@testable import Core

/// A three-level state (`root → middle → leaf`) with a side branch, for ordering tests: every
/// action the root reduces is logged, and the reducer's effects are chosen per action.
enum Ladder {
  struct Leaf: Equatable, Sendable {
    var value = 0
  }

  struct Middle: Equatable, Sendable {
    var leaf = Leaf()
    var appended: [Int] = []
  }

  struct State: Equatable, Sendable {
    var middle = Middle()
    var side = 0
  }

  enum Action: Equatable, Sendable {
    /// Sets the leaf's value; the effect is chosen by `Ladder.effect(for:)`.
    case set(Int)
    /// Appends to `middle.appended`.
    case append(Int)
    /// Changes only the side branch.
    case side(Int)
    /// Changes nothing.
    case noop
  }

  /// A store whose reducer logs each action to `log` and returns `effect(action)`.
  @MainActor
  static func store(
    log: ReducedActions<Action>,
    effect: @escaping @Sendable (Action) -> Effect<Action> = { _ in .none }
  ) -> Store<State, Action> {
    Store(initialState: State()) {
      Reduce { state, action in
        log.append(action)
        switch action {
        case let .set(value): state.middle.leaf.value = value
        case let .append(value): state.middle.appended.append(value)
        case let .side(value): state.side = value
        case .noop: break
        }
        return effect(action)
      }
    }
  }
}

/// An ordered record of events from observers, reducers and effects on the main actor.
@MainActor
final class EventTrace {
  private(set) var events: [String] = []

  func callAsFunction(_ event: String) {
    events.append(event)
  }

  func removeAll() {
    events.removeAll()
  }
}
