import Core
import CoreTesting
import Testing

/// A stack of numbered screens.
struct NumberStack: Reducer {
  struct State: Equatable, Sendable {
    var path = StackState<Int>()
  }

  enum Action: Equatable, Sendable {
    case path(StackAction<Int, Screen>)
    case nextTapped
  }

  enum Screen: Equatable, Sendable { case bump }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .nextTapped = action { state.path.append(state.path.count) }
      return .none
    }
    .forEach(\.path, action: Action.path) {
      Reduce<Int, Screen> { number, _ in
        number += 100
        return .none
      }
    }
  }
}

@MainActor
@Suite struct StackIDTests {
  @Test func aPushWithAnIDBeyondTheNextOneTheStoreGivesIsReported() async {
    let store = TestStore(initialState: NumberStack.State()) { NumberStack() }
    await store.send(.nextTapped) { $0.path.append(0) }
    let line = #line + 2
    let issues = await recordedIssues {
      await store.send(.path(.push(id: 5, state: 7)))
    }
    expectOneIssue(
      issues, atLine: line,
      containing: ["unexpected generational id", "#1"])
    #expect(store.state.path.count == 1)
  }

  @Test func aPushWithTheNextIDIsAccepted() async {
    let store = TestStore(initialState: NumberStack.State()) { NumberStack() }
    await store.send(.path(.push(id: 0, state: 7))) { $0.path[id: 0] = 7 }
    await store.send(.nextTapped) { $0.path.append(1) }
    #expect(store.state.path.ids.map(\.description) == ["#0", "#1"])
  }

  @Test func aDeepLinkWrittenInTheInitialStateIsNumberedFromZeroInEveryTest() async {
    // Whatever stacks other tests built before, in this process.
    for _ in 0..<3 { _ = StackState([1, 2, 3]) }
    let store = TestStore(initialState: NumberStack.State(path: StackState([10, 20]))) {
      NumberStack()
    }
    #expect(store.state.path.ids == [0, 1])
    await store.send(.path(.element(id: 1, action: .bump))) { $0.path[id: 1] = 120 }
    await store.send(.nextTapped) { $0.path.append(2) }
    #expect(store.state.path.ids == [0, 1, 2])
  }
}
