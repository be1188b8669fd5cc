import Core

/// One level of nesting around a child feature, for sending through deep scopes.
struct Nest<Child: Reducer>: Reducer where Child.State: Equatable {
  struct State: Equatable {
    var child: Child.State
    var sibling = 0
  }

  enum Action {
    case child(Child.Action)
    case siblingChanged
  }

  let child: Child

  var body: some Reducer<State, Action> {
    Scope(state: \.child, action: Action.child) { child }
    Reduce { state, action in
      if case .siblingChanged = action { state.sibling += 1 }
      return .none
    }
  }
}

extension Nest.State: Sendable where Child.State: Sendable {}
extension Nest.Action: Sendable where Child.Action: Sendable {}
