import Core
import Testing

@testable import CoreTesting

/// How the handed-back test names the reducer: by its type where `init()` makes it.
struct SessionSourceTests {
  enum Screen {
    struct State: Equatable {}
  }

  @Test func aReducerTypeIsNamedWithItsInitializer() {
    #expect(SessionSource.reducerName(Counter.self, state: Counter.State.self) == "Counter()")
  }

  @Test func anErasedReducerIsNamedAfterTheTypeItsStateIsNestedIn() {
    #expect(
      SessionSource.reducerName(
        Reduce<Counter.State, Counter.Action>.self, state: Counter.State.self)
        == "Counter()")
    #expect(
      SessionSource.reducerName(
        CombineReducers<Counter.State, Counter.Action>.self, state: Screen.State.self)
        == "SessionSourceTests.Screen()")
  }

  @Test func aReducerWhoseStateIsNotNestedIsNamedAfterTheTypeItsActionsAreIn() {
    #expect(
      SessionSource.reducerName(
        Reduce<Int, Counter.Action>.self, state: Int.self, action: Counter.Action.self)
        == "Counter()")
  }

  @Test func whatCannotBeNamedIsAPlaceholder() {
    #expect(SessionSource.reducerName(Reduce<Int, Int>.self, state: Int.self) == "<#reducer#>")
  }
}
