/// How the Swift source of a failing session's `TestStore` test writes what the sessions
/// cannot name by themselves: the initial state, the reducer and the dependencies.
///
/// ```swift
/// sessions.testSource.initialState = "OrdersModuleState(profile: ada)"
/// sessions.testSource.dependencies = ["$0.ordersClient = .simulated(stepDuration: .seconds(1))"]
/// ```
public struct RandomSessionTestSource: Sendable, Equatable {
  /// The expression of the initial state; the state's type with `()` by default.
  public var initialState: String
  /// The expression of the reducer; the reducer's type with `()` by default.
  public var reducer: String
  /// Lines of the test's `withDependencies` closure, after the one that sets the clock.
  public var dependencies: [String]
  /// The name of the test function.
  public var testName: String

  /// Creates a description of the test's set-up.
  public init(
    initialState: String, reducer: String, dependencies: [String] = [],
    testName: String = "shrunkRandomSession"
  ) {
    self.initialState = initialState
    self.reducer = reducer
    self.dependencies = dependencies
    self.testName = testName
  }
}
