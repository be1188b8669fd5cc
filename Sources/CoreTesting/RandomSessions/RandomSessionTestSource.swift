/// How the Swift source of a failing session's `TestStore` test writes what the sessions
/// cannot name by themselves: the initial state, the reducer and the dependencies.
///
/// ```swift
/// sessions.testSource.initialState = "OrdersModuleState(profile: ada)"
/// sessions.testSource.dependencies = ["$0.ordersClient = .simulated(stepDuration: .seconds(1))"]
/// ```
///
/// The test compiles where it is pasted, in a file that imports `Testing`, `Foundation`,
/// `CoreTesting` and the feature's modules. The actions it sends and receives are written as
/// Swift that makes equal values:
///
/// - enum cases by their declared names, with their payloads' labels
///   (`.path(.element(id: 0, action: .view(.closeButtonTapped)))`), whatever `description`
///   says; a payload declared `Any` names its type;
/// - structs through their memberwise initializer, nested types qualified
///   (`HabitRow.State(id: UUID(0), name: "Read", isDone: false)`);
/// - `UUID`s as `UUID(0)` (those an incrementing generator makes) or
///   `UUID(uuidString: "…")!`; stack element ids as integer literals; dates as
///   `Date(timeIntervalSinceReferenceDate: …)`; floating-point numbers, `Duration`s and
///   `Decimal`s exactly; strings escaped (quotes, backslashes, tabs, line breaks, and
///   invisible scalars such as the zero-width joiner as `\u{200D}`);
/// - optionals, arrays, sets and dictionaries (sorted) as literals, `IdentifiedArray`s as
///   their elements, dialogs (`AlertState`, `ConfirmationDialogState`, `ButtonState`) through
///   their initializers.
///
/// A public type of another module whose memberwise initializer is not public (or whose
/// stored properties are private) says how to make its values by conforming to
/// `SwiftExpressionConvertible`. A value the kit cannot make through its initializer (a class,
/// a type with a custom mirror or property wrappers) is decoded from its JSON when it is
/// `Codable` (`try! JSONDecoder().decode(Token.self, from: Data("…".utf8))`), which compiles
/// whatever its initializers are; otherwise it is an editor placeholder, `<#Session#>`, which
/// the compiler points at.
///
/// Effects due at the same instant wake one at a time in the session, in the order they began
/// to sleep, and so they do under the test's `TestClock.advance(by:)`: the test receives their
/// actions in the session's order.
public struct RandomSessionTestSource: Sendable, Equatable {
  /// The expression of the initial state; the state's type with `()` by default.
  public var initialState: String
  /// The expression of the reducer; by default the reducer's type with `()`, or, where a
  /// builder hid that type, the type that the state or the actions are nested in
  /// (`OrdersFeature()`), or `<#reducer#>` when neither names it.
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
