import Core
/// Writes a session as the Swift source of a `TestStore` test.
enum SessionSource {
  /// The test of `outcome`'s steps, up to the action that broke the rule.
  static func test<Action>(
    of outcome: SessionOutcome<Action>, setUp: RandomSessionTestSource
  ) -> String {
    let receives = Action.self is any Equatable.Type
    var lines: [String] = []
    for (number, performed) in outcome.steps.enumerated() {
      let isBreaking = outcome.broken?.step == number + 1
      switch performed.step {
      case let .send(action): lines.append("await store.send(\(SwiftExpression.of(action)))")
      case let .advanceClock(duration):
        lines.append("await clock.advance(by: \(Self.duration(duration)))")
      }
      for (offset, reduced) in performed.reduced.enumerated() where reduced.isFedBack {
        if isBreaking, let breaking = outcome.broken?.reducedIndex, offset > breaking { break }
        let action = SwiftExpression.of(reduced.action)
        lines.append(receives ? "await store.receive(\(action))" : "// Received \(action).")
      }
    }
    if let broken = outcome.broken {
      switch broken.reason {
      case .issue: lines.append("// An issue is reported here.")
      case .effectDidNotSettle: lines.append("// An effect does not settle here.")
      default: lines.append("// Breaks the \(broken.reason) here.")
      }
    }
    let dependencies = (["$0.clock = clock"] + setUp.dependencies).map { "    \($0)" }
    // The reducer the builder erased may still be named after the type its actions are in.
    let reducer =
      setUp.reducer == placeholder
      ? reducerName(nil, state: nil, action: Action.self) : setUp.reducer
    return """
      @MainActor
      @Test func \(setUp.testName)() async {
        let clock = TestClock()
        let store = TestStore(initialState: \(setUp.initialState)) {
          \(reducer)
        } withDependencies: {
      \(dependencies.joined(separator: "\n"))
        }
        store.exhaustivity = .off
      \(lines.map { "  \($0)" }.joined(separator: "\n"))
      }
      """
  }

  /// `duration` as Swift: `.seconds(2)`, `.milliseconds(1500)`, `.nanoseconds(7)`.
  static func duration(_ duration: Duration) -> String {
    SwiftExpression.duration(duration)
  }

  /// The reducer's expression for the test: its type with `()` (`Counter()`), or, when the
  /// builder erased it, the type the state or the action is nested in (`OrdersFeature()` for
  /// `OrdersFeature.Action`), or a placeholder (`<#reducer#>`) when none can be named.
  static func reducerName(_ type: Any.Type?, state: Any.Type?, action: Any.Type? = nil) -> String {
    if let type, let name = SwiftTypeName.of(type), isPlainTypeName(name) { return name + "()" }
    for (nested, suffix) in [(state, ".State"), (action, ".Action")] {
      guard let nested, let name = SwiftTypeName.of(nested), name.hasSuffix(suffix) else {
        continue
      }
      let owner = String(name.dropLast(suffix.count))
      if isPlainTypeName(owner) { return owner + "()" }
    }
    return placeholder
  }

  /// What stands for a reducer the kit cannot name.
  static let placeholder = "<#reducer#>"

  /// Whether `name` names a type a user declared, whose `init()` makes its reducer: not a
  /// generic type (a builder's or a modifier's, such as `Reduce<State, Action>`), nor one whose
  /// name starts with an underscore.
  private static func isPlainTypeName(_ name: String) -> Bool {
    !name.contains("<") && !name.contains("(")
      && !name.split(separator: ".").contains { $0.hasPrefix("_") }
  }
}
