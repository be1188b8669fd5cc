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
      case let .send(action): lines.append("await store.send(\(ValueDescription.of(action)))")
      case let .advanceClock(duration):
        lines.append("await clock.advance(by: \(Self.duration(duration)))")
      }
      for (offset, reduced) in performed.reduced.enumerated() where reduced.isFedBack {
        if isBreaking, let breaking = outcome.broken?.reducedIndex, offset > breaking { break }
        let action = ValueDescription.of(reduced.action)
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
    return """
      @MainActor
      @Test func \(setUp.testName)() async {
        let clock = TestClock()
        let store = TestStore(initialState: \(setUp.initialState)) {
          \(setUp.reducer)
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
    let (seconds, attoseconds) = duration.components
    if attoseconds == 0 { return ".seconds(\(seconds))" }
    let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    if nanoseconds % 1_000_000 == 0 { return ".milliseconds(\(nanoseconds / 1_000_000))" }
    if nanoseconds % 1_000 == 0 { return ".microseconds(\(nanoseconds / 1_000))" }
    return ".nanoseconds(\(nanoseconds))"
  }

  /// The reducer's expression for the test: its type with `()`, or, when the builder erased
  /// it, the type the state is nested in (`Counter` for `Counter.State`), or a placeholder.
  static func reducerName(_ type: Any.Type, state: Any.Type) -> String {
    let name = ValueDescription.typeName(of: type)
    if !name.hasPrefix("CombineReducers<"), !name.hasPrefix("Reduce<") { return name + "()" }
    let stateName = ValueDescription.typeName(of: state)
    if stateName.hasSuffix(".State") { return stateName.dropLast(".State".count) + "()" }
    return "<#reducer#>"
  }
}
