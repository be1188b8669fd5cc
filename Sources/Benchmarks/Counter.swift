import Core

/// The trivial feature: one counter.
struct Counter: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
  }

  enum Action: Equatable, Sendable {
    case incremented
    case nothingHappened
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incremented: state.count += 1
    case .nothingHappened: break
    }
    return .none
  }
}
