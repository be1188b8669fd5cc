import Core

// The Composable Architecture's test spellings that have another shape here. Each is declared
// unavailable, so that the compiler's error on it says what to write instead
// (Docs/ComingFromTCA.md has the same table). Their bodies never run: no call compiles.

extension TestClock {
  /// TCA's `clock.run()`: advance the clock.
  @available(
    *, unavailable,
    message: """
      A 'TestClock' moves only when the test advances it: write 'await clock.advance(by: \
      .seconds(1))' to end the sleeps up to then, or 'await clock.advance()' for those due now.
      """
  )
  public func run(timeout: Duration = .zero) async {}
}

extension Exhaustivity {
  /// TCA's `.off(showSkippedAssertions:)`: write `.off`.
  @available(
    *, unavailable,
    message: """
      Write 'store.exhaustivity = .off': a non-exhaustive test store does not list the \
      assertions it skipped.
      """
  )
  public static func off(showSkippedAssertions: Bool) -> Self { .off }
}

extension TestStore {
  /// TCA's `store.receive(\.delegate.saved)`: pass the action, or its case constructor.
  @available(
    *, unavailable,
    message: """
      Pass the action, or its case constructor, where TCA takes a case key path: \
      'store.receive(.delegate(.saved(name)))', or 'store.receive(Action.loaded)' for that case \
      whatever its payload.
      """
  )
  public func receive(
    _ casePath: CaseKeyPathSpelling<Action>,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {}
}
