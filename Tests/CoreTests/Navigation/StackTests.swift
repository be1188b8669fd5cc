import CoreTesting
import Testing

@testable import Core

extension NavigationTests {
  @MainActor
  @Suite struct StackTests {
    @Test func pushesGetTheIdsTheExpectationGets() async {
      let store = TestStore(initialState: StackParent.State()) { StackParent() }
      await store.send(.pushCounter) { $0.path.append(.counter(Counter.State())) }
      await store.send(.pushNote("a")) { $0.path.append(.note("a")) }
      #expect(store.state.path.ids == [0, 1])
      await store.send(.path(.element(id: 0, action: .counter(.increment)))) {
        $0.path[id: 0] = .counter(Counter.State(count: 1))
      }
    }

    @Test func popFromRemovesTheScreenAndThoseAboveIt() async {
      let store = TestStore(initialState: StackParent.State()) { StackParent() }
      await store.send(.pushCounter) { $0.path.append(.counter(Counter.State())) }
      await store.send(.pushNote("a")) { $0.path.append(.note("a")) }
      await store.send(.pushNote("b")) { $0.path.append(.note("b")) }
      await store.send(.path(.popFrom(id: 1))) { $0.path.pop(from: 1) }
      #expect(store.state.path.ids == [0])
    }

    @Test func popToKeepsTheScreen() async {
      let store = TestStore(initialState: StackParent.State(path: [.note("a"), .note("b")])) {
        StackParent()
      }
      await store.send(.pushNote("c")) { $0.path.append(.note("c")) }
      #expect(store.state.path.ids == [0, 1, 2])
      await store.send(.popTo(0)) { $0.path.pop(to: 0) }
      #expect(Array(store.state.path) == [.note("a")])
      await store.send(.popToRoot) { $0.path.removeAll() }
    }

    @Test func idsAreNeverReused() async {
      let store = TestStore(initialState: StackParent.State()) { StackParent() }
      await store.send(.pushNote("a")) { $0.path.append(.note("a")) }
      await store.send(.path(.popFrom(id: 0))) { $0.path.popLast() }
      await store.send(.pushNote("b")) { $0.path.append(.note("b")) }
      #expect(store.state.path.ids == [1])
    }

    @Test func pushActionPushesWithItsId() async {
      let store = TestStore(initialState: StackParent.State()) { StackParent() }
      await store.send(.path(.push(id: 0, state: .note("a")))) { $0.path[id: 0] = .note("a") }
      await store.send(.pushNote("b")) { $0.path.append(.note("b")) }
      #expect(store.state.path.ids == [0, 1])
    }

    @Test func childDismissReachesTheParentAsPopFrom() async {
      let store = TestStore(initialState: StackParent.State()) { StackParent() }
      await store.send(.pushNote("a")) { $0.path.append(.note("a")) }
      await store.send(.pushCounter) { $0.path.append(.counter(Counter.State())) }
      await store.send(.path(.element(id: 1, action: .counter(.closeButtonTapped))))
      await store.receive(.path(.popFrom(id: 1))) { $0.path.pop(from: 1) }
      await store.finish()
    }

    @Test func poppingCancelsExactlyThePoppedScreensEffects() async {
      let clock = TestClock()
      let store = TestStore(initialState: StackParent.State()) {
        StackParent()
      } withDependencies: {
        $0.clock = clock
      }
      await store.send(.pushCounter) { $0.path.append(.counter(Counter.State())) }
      await store.send(.pushCounter) { $0.path.append(.counter(Counter.State())) }
      let bottomTimer = await store.send(.path(.element(id: 0, action: .counter(.startTimer))))
      await store.send(.path(.element(id: 1, action: .counter(.startTimer))))
      await store.send(.path(.popFrom(id: 1))) { $0.path.pop(from: 1) }
      await clock.advance(by: .seconds(1))
      await store.receive(.path(.element(id: 0, action: .counter(.tick)))) {
        $0.path[id: 0] = .counter(Counter.State(count: 1))
      }
      bottomTimer.cancel()
      await store.finish()
    }

    @Test func removingAllCancelsEveryScreensEffects() async {
      let clock = TestClock()
      let store = TestStore(initialState: StackParent.State()) {
        StackParent()
      } withDependencies: {
        $0.clock = clock
      }
      await store.send(.pushCounter) { $0.path.append(.counter(Counter.State())) }
      await store.send(.pushCounter) { $0.path.append(.counter(Counter.State())) }
      await store.send(.path(.element(id: 0, action: .counter(.startTimer))))
      await store.send(.path(.element(id: 1, action: .counter(.startTimer))))
      await store.send(.popToRoot) { $0.path.removeAll() }
      await clock.advance(by: .seconds(2))
      await store.finish()
    }

    @Test func aPushWithTheLastIdIsReportedNotATrap() {
      let store = Store(initialState: StackParent.State()) { StackParent() }
      let last = StackElementID(generation: .max)
      let issues = collectingIssues {
        store.send(.path(.push(id: last, state: .note("b"))))
      }
      #expect(issues.count == 1)
      #expect(
        issues.first?.contains("'.push(id: #\(Int.max), ...)' action with the last id") == true)
      #expect(store.state.path.isEmpty)
      // Pushing after it works as before.
      store.send(.pushNote("a"))
      #expect(store.state.path.count == 1)

      // Set directly, the id is kept, and the counter stays at the last id instead of trapping.
      var stack = StackState<Int>()
      withDependencies {
        $0.stackElementIDs = StackElementIDGenerator(next: 0)
      } operation: {
        stack[id: last] = 1
        stack.append(2)
      }
      #expect(stack.ids.first == last)
      #expect(stack.count == 2)
    }

    @Test func actionsForAbsentScreensAreReported() {
      let store = Store(initialState: StackParent.State()) { StackParent() }
      store.send(.pushNote("a"))
      let id = store.state.path.ids[0]
      let issues = collectingIssues {
        store.send(
          .path(
            .element(
              id: StackElementID(generation: id.generation + 1), action: .counter(.increment)))
        )
        store.send(.path(.popFrom(id: StackElementID(generation: id.generation + 1))))
        store.send(.path(.push(id: id, state: .note("b"))))
      }
      #expect(issues.count == 3)
      #expect(issues[0].contains("which is not in the stack"))
      #expect(issues[1].contains("no screen has that id"))
      #expect(issues[2].contains("already has that id"))
      #expect(Array(store.state.path) == [.note("a")])
    }

    @Test func screenStoresAreVisitedOnlyWhenTheirScreenChanged() throws {
      let store = Store(initialState: StackParent.State()) { StackParent() }
      for _ in 0..<5 { store.send(.pushCounter) }
      let ids = store.state.path.ids
      let recorders = try ids.map { id in
        Recorder(try #require(store.scope(state: \.path, id: id, action: StackParent.Action.path)))
      }
      store.send(.path(.element(id: ids[4], action: .counter(.increment))))
      store.send(.pushNote("x"))
      store.send(.path(.element(id: ids[1], action: .counter(.increment))))
      for (index, recorder) in recorders.enumerated() {
        let expected: [Path] =
          index == 4 || index == 1
          ? [.counter(Counter.State()), .counter(Counter.State(count: 1))]
          : [.counter(Counter.State())]
        #expect(recorder.values == expected, "screen \(index)")
      }
      store.send(.path(.popFrom(id: ids[3])))
      let top = try #require(
        store.scope(state: \.path, id: ids[2], action: StackParent.Action.path))
      #expect(top.state == .counter(Counter.State()))
      #expect(store.scope(state: \.path, id: ids[3], action: StackParent.Action.path) == nil)
      let issues = collectingIssues { top.send(.counter(.increment)) }
      #expect(issues.isEmpty)
      // The popped screens' observers heard nothing more; the new top's heard its change.
      #expect(recorders[3].values.count == 1)
      #expect(recorders[4].values.count == 2)
      #expect(recorders[2].values.count == 2)
    }

    private typealias Path = StackParent.Path.State
  }
}
