import Core

// The five nested features of `Levels.swift`, with the same state and actions, routing with
// explicit case paths instead of case constructors: what a hot path gains from `AnyCasePath`.

/// `Level1`, routing to its child with an explicit case path.
struct ExplicitLevel1: Reducer {
  var body: some Reducer<Level1.State, Level1.Action> {
    Scope(state: \.child, action: Level1.Action.childPath) { ExplicitLevel2() }
    Reduce { state, action in
      if case .siblingChanged = action { state.sibling += 1 }
      return .none
    }
  }
}

extension Level1.Action {
  static let childPath = AnyCasePath<Self, Level2.Action>(
    embed: Self.child, extract: { if case .child(let action) = $0 { action } else { nil } })
}

/// `Level2`, routing to its child with an explicit case path.
struct ExplicitLevel2: Reducer {
  var body: some Reducer<Level2.State, Level2.Action> {
    Scope(state: \.child, action: Level2.Action.childPath) { ExplicitLevel3() }
    Reduce { state, action in
      if case .siblingChanged = action { state.sibling += 1 }
      return .none
    }
  }
}

extension Level2.Action {
  static let childPath = AnyCasePath<Self, Level3.Action>(
    embed: Self.child, extract: { if case .child(let action) = $0 { action } else { nil } })
}

/// `Level3`, routing to its child with an explicit case path.
struct ExplicitLevel3: Reducer {
  var body: some Reducer<Level3.State, Level3.Action> {
    Scope(state: \.child, action: Level3.Action.childPath) { ExplicitLevel4() }
    Reduce { state, action in
      if case .siblingChanged = action { state.sibling += 1 }
      return .none
    }
  }
}

extension Level3.Action {
  static let childPath = AnyCasePath<Self, Level4.Action>(
    embed: Self.child, extract: { if case .child(let action) = $0 { action } else { nil } })
}

/// `Level4`, routing to its child with an explicit case path.
struct ExplicitLevel4: Reducer {
  var body: some Reducer<Level4.State, Level4.Action> {
    Scope(state: \.child, action: Level4.Action.childPath) { ExplicitLevel5() }
    Reduce { state, action in
      if case .siblingChanged = action { state.sibling += 1 }
      return .none
    }
  }
}

extension Level4.Action {
  static let childPath = AnyCasePath<Self, Level5.Action>(
    embed: Self.child, extract: { if case .child(let action) = $0 { action } else { nil } })
}

/// `Level5`, routing to its child with an explicit case path.
struct ExplicitLevel5: Reducer {
  var body: some Reducer<Level5.State, Level5.Action> {
    Scope(state: \.child, action: Level5.Action.childPath) { Counter() }
    Reduce { state, action in
      if case .siblingChanged = action { state.sibling += 1 }
      return .none
    }
  }
}

extension Level5.Action {
  static let childPath = AnyCasePath<Self, Counter.Action>(
    embed: Self.child, extract: { if case .child(let action) = $0 { action } else { nil } })
}
