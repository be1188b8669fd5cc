import Testing

@testable import Core

/// A block of reducers runs each of them, in order, on the same state, whatever mix of
/// `Scope`s, plain reducers and control flow it holds, and merges their effects.
@MainActor
@Suite struct ReducerBuilderTests {
  struct Counter: Reducer {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable { case tapped }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count += 1
      return .none
    }
  }

  struct Parent: Equatable {
    var log: [String] = []
    var counter = Counter.State()
  }

  enum ParentAction: Equatable {
    case counter(Counter.Action)
    case other
    case logged(String)
  }

  /// Appends `name` and the counter's count at the time it runs.
  static func logging(_ name: String) -> Reduce<Parent, ParentAction> {
    Reduce { state, action in
      if case .logged = action { return .none }
      state.log.append("\(name):\(state.counter.count)")
      return .none
    }
  }

  @Test func aScopeBetweenTwoReducersRunsInOrder() {
    let store = Store<Parent, ParentAction>(initialState: Parent()) {
      Self.logging("before")
      Scope(state: \.counter, action: ParentAction.counter) { Counter() }
      Self.logging("after")
    }

    store.send(.counter(.tapped))
    store.send(.other)

    #expect(store.state.counter.count == 1)
    #expect(store.state.log == ["before:0", "after:1", "before:1", "after:1"])
  }

  @Test func ifRunsItsReducersOnlyWhenTheConditionHeld() {
    for includeScope in [false, true] {
      let store = Store<Parent, ParentAction>(initialState: Parent()) {
        if includeScope {
          Scope(state: \.counter, action: ParentAction.counter) { Counter() }
        }
        Self.logging("last")
      }

      store.send(.counter(.tapped))

      #expect(store.state.counter.count == (includeScope ? 1 : 0))
      #expect(store.state.log == ["last:\(includeScope ? 1 : 0)"])
    }
  }

  @Test func ifElseAndSwitchRunTheBranchTaken() {
    for branch in 0..<3 {
      let store = Store<Parent, ParentAction>(initialState: Parent()) {
        if branch == 0 {
          Scope(state: \.counter, action: ParentAction.counter) { Counter() }
          Self.logging("first")
        } else {
          switch branch {
          case 1: Self.logging("second")
          default: Scope(state: \.counter, action: ParentAction.counter) { Counter() }
          }
        }
      }

      store.send(.counter(.tapped))

      let expected: [[String]] = [["first:1"], ["second:0"], []]
      #expect(store.state.log == expected[branch])
      #expect(store.state.counter.count == (branch == 1 ? 0 : 1))
    }
  }

  @Test func forRunsEachIterationsReducersInOrder() {
    let store = Store<Parent, ParentAction>(initialState: Parent()) {
      for name in ["a", "b", "c"] {
        Self.logging(name)
        Scope(state: \.counter, action: ParentAction.counter) { Counter() }
      }
    }

    store.send(.counter(.tapped))

    #expect(store.state.counter.count == 3)
    #expect(store.state.log == ["a:0", "b:1", "c:2"])
  }

  @Test func forWhoseBodyIsOneScopeRunsItOncePerIteration() {
    let store = Store<Parent, ParentAction>(initialState: Parent()) {
      for _ in 0..<4 {
        Scope(state: \.counter, action: ParentAction.counter) { Counter() }
      }
      Self.logging("after")
    }

    store.send(.counter(.tapped))

    #expect(store.state.counter.count == 4)
    #expect(store.state.log == ["after:4"])
  }

  @Test func theEffectsOfEveryReducerInTheBlockRun() async {
    let store = Store<Parent, ParentAction>(initialState: Parent()) {
      Scope(state: \.counter, action: ParentAction.counter) {
        Reduce { state, _ in
          state.count += 1
          return state.count < 2 ? .send(.tapped) : .none
        }
      }
      Reduce { _, action in
        guard case .counter = action else { return .none }
        return .send(.logged("parent"))
      }
      Reduce { state, action in
        if case .logged(let name) = action { state.log.append(name) }
        return .none
      }
    }

    await store.send(.counter(.tapped)).finish()

    // The child's `.tapped` comes back through the scope, and the parent answers both.
    #expect(store.state.counter.count == 2)
    #expect(store.state.log == ["parent", "parent"])
  }
}
