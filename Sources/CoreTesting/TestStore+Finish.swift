import Core

extension TestStore {
  /// Waits for every effect to finish, then fails the test for what is left over: actions
  /// received from effects but not asserted, and effects still running after `timeout`.
  ///
  /// Call it at the end of a test whose effects should all have ended:
  ///
  /// ```swift
  /// await store.send(.stopButtonTapped) { $0.isRunning = false }
  /// await store.finish()
  /// ```
  ///
  /// Unasserted actions are reported at this line, each running effect at the line of the
  /// `send` that started it; running effects are then cancelled. With ``exhaustivity`` `.off`
  /// nothing is reported. A store released without `finish()` runs the same checks in its
  /// `deinit`.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait for running effects; ``timeout`` when `nil`.
  ///   - fileID: The file of the call, for failures.
  ///   - filePath: The file path of the call, for XCTest.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let timeout = timeout ?? self.timeout
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while !inFlight.isEmpty, ContinuousClock.now < deadline {
      await waitForActivity(until: deadline)
    }
    reportLeftovers(
      at: Core.SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      when: "at 'finish()'", afterWaiting: timeout)
  }
}
