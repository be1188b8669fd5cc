import Core

extension TestStore {
  /// Whether the feature under test dismissed itself: it called `dismiss()`, and the store
  /// takes no more actions.
  ///
  /// ```swift
  /// await store.send(.closeButtonTapped)
  /// #expect(store.isDismissed)
  /// ```
  public var isDismissed: Bool { dismissedBy != nil }

  /// Asserts what the state is now, without sending an action.
  ///
  /// The closure gets a copy of ``state`` (the state as of the last assertion) and must leave
  /// it unchanged: it sets the fields it expects to the values they should have, and any
  /// difference fails the test at this line with a diff. With ``exhaustivity`` `.on` or `.off`
  /// alike, fields the closure does not touch are not checked.
  ///
  /// ```swift
  /// await store.send(.titleChanged("Groceries")) {
  ///   $0.title = "Groceries"
  ///   $0.canSave = true
  /// }
  /// store.assert { $0.canSave = true }
  /// ```
  ///
  /// The closure runs with the dependencies the reducer runs with now.
  ///
  /// - Parameters:
  ///   - updateStateToExpectedResult: Sets the fields to check to their expected values.
  ///   - fileID: The file of the call, for failures.
  ///   - filePath: The file path of the call, for XCTest.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func assert(
    _ updateStateToExpectedResult: (_ state: inout State) throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = Core.SourceLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    var expected = asserted
    do {
      // A stack id counter where the store's stands: `append` in the closure takes the next id.
      try applying(
        updateStateToExpectedResult, to: &expected, dependencies: recorder.dependencies,
        stackIDsAt: StackIDs.next(in: recorder.dependencies), at: location)
    } catch {
      TestFailure.record(
        """
        The closure of 'assert' threw an error: \(error)

        To fix, make the closure describe the expected state without throwing.
        """,
        at: location)
      return
    }
    guard expected != asserted else { return }
    let diff =
      StateDiff.lines(expected, asserted).map(Self.indented)
      ?? "  (the states print the same but are not equal: check 'State's '==')"
    TestFailure.record(
      """
      The state does not match 'assert' (- expected, + actual):

      \(diff)

      To fix, make the closure set the values the state has, or assert them after the step \
      that changes them.
      """,
      at: location)
  }

  /// Runs `operation` with ``exhaustivity`` set to `exhaustivity`, then sets it back.
  ///
  /// For a part of a test that cares about less (or more) than the rest:
  ///
  /// ```swift
  /// await store.withExhaustivity(.off) {
  ///   await store.send(.refreshButtonTapped)
  ///   await store.receive(.ordersLoaded([.sample])) { $0.orders = [.sample] }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - exhaustivity: How strictly to check the steps in `operation`.
  ///   - operation: The steps.
  /// - Returns: What `operation` returns.
  public func withExhaustivity<Result>(
    _ exhaustivity: Exhaustivity,
    operation: () async throws -> Result
  ) async rethrows -> Result {
    let saved = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = saved }
    return try await operation()
  }
}
