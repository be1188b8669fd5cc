import Core

extension TestStore {
  /// Skips the actions received from effects that the test has not asserted: they are dropped,
  /// and ``state`` moves on to the state after the last of them.
  ///
  /// For a test that does not care what some effects send, typically with ``exhaustivity``
  /// `.off`; in an exhaustive test it makes skipping them explicit, so they are not failures:
  ///
  /// ```swift
  /// store.exhaustivity = .off
  /// await store.send(.refreshButtonTapped)
  /// await clock.advance(by: .seconds(1))
  /// await store.skipReceivedActions()
  /// #expect(store.state.orders == [.sample])
  /// ```
  ///
  /// It first lets running effects catch up, so that actions they are about to send are
  /// skipped too.
  ///
  /// - Parameters:
  ///   - strict: Whether to fail the test when there is no received action to skip.
  ///   - fileID: The file of the call, for failures.
  ///   - filePath: The file path of the call, for XCTest.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await letEffectsCatchUp()
    guard let last = recorder.received.last else {
      if strict {
        TestFailure.record(
          """
          'skipReceivedActions()' found no received action to skip.

          To fix, remove the call, or pass 'strict: false' when there may be none.
          """,
          at: Core.SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
      }
      return
    }
    recorder.received.removeAll()
    markAsserted(last)
  }

  /// Stops waiting for the effects still running, so that they are not failures at
  /// ``finish(timeout:fileID:filePath:line:column:)`` or when the store is released.
  ///
  /// For a test about one part of a feature that does not want to end every long-living effect
  /// (a timer, a subscription) itself:
  ///
  /// ```swift
  /// await store.send(.timerStarted) { $0.isTimerRunning = true }
  /// await store.skipInFlightEffects()
  /// await clock.advance(by: .seconds(1))
  /// await store.receive(.timerTicked) { $0.ticks = 1 }  // the timer still runs
  /// await store.finish()
  /// ```
  ///
  /// The effects are not cancelled: they run until they end, or until the store is released,
  /// and the actions they send are received as before (assert them with `receive`, or skip them
  /// with ``skipReceivedActions(strict:fileID:filePath:line:column:)``). To stop an effect, send
  /// the action that cancels it, or cancel the task that `send` returned.
  ///
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await letEffectsCatchUp()
    // An effect the test cancelled through its task is already ending: not one to skip.
    if strict, inFlight.allSatisfy(\.task.isCancelled) {
      TestFailure.record(
        """
        'skipInFlightEffects()' found no effect running to skip.

        To fix, remove the call, or pass 'strict: false' when there may be none.
        """,
        at: Core.SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    skipped += inFlight
    inFlight.removeAll()
  }
}
