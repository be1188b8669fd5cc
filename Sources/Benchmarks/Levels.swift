import Core

// Five nested features, concrete as an app's would be, for sending through deep scopes:
// `Level1` holds `Level2`, ..., `Level5` holds a `Counter`.

/// Level 1 of five nested features; its child is `Level2`.
struct Level1: Reducer {
  struct State: Equatable, Sendable {
    var child = Level2.State()
    var sibling = 0
  }

  enum Action: Equatable, Sendable {
    case child(Level2.Action)
    case siblingChanged
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.child, action: Action.child) { Level2() }
    Reduce { state, action in
      if case .siblingChanged = action { state.sibling += 1 }
      return .none
    }
  }
}

/// Level 2 of five nested features; its child is `Level3`.
struct Level2: Reducer {
  struct State: Equatable, Sendable {
    var child = Level3.State()
    var sibling = 0
  }

  enum Action: Equatable, Sendable {
    case child(Level3.Action)
    case siblingChanged
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.child, action: Action.child) { Level3() }
    Reduce { state, action in
      if case .siblingChanged = action { state.sibling += 1 }
      return .none
    }
  }
}

/// Level 3 of five nested features; its child is `Level4`.
struct Level3: Reducer {
  struct State: Equatable, Sendable {
    var child = Level4.State()
    var sibling = 0
  }

  enum Action: Equatable, Sendable {
    case child(Level4.Action)
    case siblingChanged
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.child, action: Action.child) { Level4() }
    Reduce { state, action in
      if case .siblingChanged = action { state.sibling += 1 }
      return .none
    }
  }
}

/// Level 4 of five nested features; its child is `Level5`.
struct Level4: Reducer {
  struct State: Equatable, Sendable {
    var child = Level5.State()
    var sibling = 0
  }

  enum Action: Equatable, Sendable {
    case child(Level5.Action)
    case siblingChanged
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.child, action: Action.child) { Level5() }
    Reduce { state, action in
      if case .siblingChanged = action { state.sibling += 1 }
      return .none
    }
  }
}

/// Level 5 of five nested features; its child is `Counter`.
struct Level5: Reducer {
  struct State: Equatable, Sendable {
    var child = Counter.State()
    var sibling = 0
  }

  enum Action: Equatable, Sendable {
    case child(Counter.Action)
    case siblingChanged
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.child, action: Action.child) { Counter() }
    Reduce { state, action in
      if case .siblingChanged = action { state.sibling += 1 }
      return .none
    }
  }
}
