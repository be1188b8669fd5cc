import Core

extension TestStore where Action: Equatable {
  /// Asserts that the next action an effect fed back is `expectedAction`, waiting for it up to
  /// `timeout`, and asserts how it changed the state.
  ///
  /// ```swift
  /// await store.send(.refreshButtonTapped) { $0.isLoading = true }
  /// await store.receive(.ordersLoaded([.sample])) {
  ///   $0.isLoading = false
  ///   $0.orders = [.sample]
  /// }
  /// ```
  ///
  /// Fails the test at this line if a different action comes first (with ``exhaustivity``
  /// `.off`, earlier actions are skipped instead), or if none comes in time. When no effect is
  /// running, no action can come, and it fails at once rather than waiting. With exhaustivity
  /// `.off`, a `receive` that fails takes nothing away: the actions received meanwhile stay
  /// pending for the next `receive`.
  ///
  /// The closure starts from ``state``, the state as of the last assertion (with exhaustivity
  /// `.off`, from the state after the action), and runs with the dependencies the reducer ran
  /// with.
  ///
  /// - Parameters:
  ///   - expectedAction: The action expected next.
  ///   - timeout: How long to wait for it; ``timeout`` when `nil`.
  ///   - updateStateToExpectedResult: Mutates the state before the action into the expected
  ///     state after it.
  ///   - fileID: The file of the call, for failures.
  ///   - filePath: The file path of the call, for XCTest.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func receive(
    _ expectedAction: Action,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      expecting: "'\(ValueDescription.of(expectedAction))'",
      matching: { $0 == expectedAction }, timeout: timeout, updateStateToExpectedResult,
      at: Core.SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

extension TestStore {
  /// Asserts that the next action an effect fed back satisfies `isMatching`, and how it changed
  /// the state.
  ///
  /// For actions whose payload is awkward to build or compare:
  ///
  /// ```swift
  /// await store.receive({ if case .saveFailed = $0 { true } else { false } }) {
  ///   $0.isSaving = false
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - isMatching: Whether an action is the one expected.
  ///   - timeout: How long to wait for it; ``timeout`` when `nil`.
  ///   - updateStateToExpectedResult: Mutates the state before the action into the expected
  ///     state after it.
  ///   - fileID: The file of the call, for failures.
  ///   - filePath: The file path of the call, for XCTest.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func receive(
    _ isMatching: (_ action: Action) -> Bool,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      expecting: "an action matching the predicate", matching: isMatching, timeout: timeout,
      updateStateToExpectedResult,
      at: Core.SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Asserts that the next action an effect fed back is of the enum case that `actionCase`
  /// builds, whatever its payload, and how it changed the state.
  ///
  /// Pass the case constructor, as with `Scope`:
  ///
  /// ```swift
  /// await store.receive(OrderListFeature.Action.ordersLoaded) {
  ///   $0.isLoading = false
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - actionCase: The enum case constructor of the expected action.
  ///   - timeout: How long to wait for it; ``timeout`` when `nil`.
  ///   - updateStateToExpectedResult: Mutates the state before the action into the expected
  ///     state after it.
  ///   - fileID: The file of the call, for failures.
  ///   - filePath: The file path of the call, for XCTest.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func receive<Value>(
    _ actionCase: @escaping @Sendable (Value) -> Action,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      expecting: "an action of the given case (payload '\(Value.self)')",
      matching: ActionCase(actionCase).matches, timeout: timeout,
      updateStateToExpectedResult,
      at: Core.SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Asserts that the next action an effect fed back is of the case an explicit case path
  /// extracts, whatever its payload, and how it changed the state.
  ///
  /// - Parameters:
  ///   - casePath: The case path of the expected action's case.
  ///   - timeout: How long to wait for it; ``timeout`` when `nil`.
  ///   - updateStateToExpectedResult: Mutates the state before the action into the expected
  ///     state after it.
  ///   - fileID: The file of the call, for failures.
  ///   - filePath: The file path of the call, for XCTest.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func receive<Value>(
    _ casePath: AnyCasePath<Action, Value>,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      expecting: "an action of the given case path (payload '\(Value.self)')",
      matching: ActionCase(casePath).matches, timeout: timeout,
      updateStateToExpectedResult,
      at: Core.SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Waits for the expected action and asserts it and its state change.
  private func receive(
    expecting expected: String,
    matching isMatching: (Action) -> Bool,
    timeout: Duration?,
    _ update: ((inout State) throws -> Void)?,
    at location: Core.SourceLocation
  ) async {
    guard
      let step = await nextReceived(
        expecting: expected, matching: isMatching, timeout: timeout ?? self.timeout,
        at: location)
    else { return }
    if isMatching(step.action) {
      assertState(
        of: step, after: "receive(\(ValueDescription.of(step.action)))", update, at: location)
    } else {
      // Exhaustive: the first pending action was not the one expected. It is taken as
      // asserted, so that the steps after it line up.
      markAsserted(step)
      TestFailure.record(
        """
        Received '\(ValueDescription.of(step.action))', but expected \(expected).

        To fix, receive the actions in the order the effects send them, or set \
        'store.exhaustivity = .off' to skip the actions before the one expected.
        """,
        at: location)
    }
    await letEffectsCatchUp()
  }

  /// Removes and returns the next received action (when exhaustive) or the first matching one
  /// (when not, dropping those before it), waiting up to `timeout` for it. Reports and returns
  /// `nil` when none comes; when not exhaustive, the pending actions are then left in place.
  private func nextReceived(
    expecting expected: String,
    matching isMatching: (Action) -> Bool,
    timeout: Duration,
    at location: Core.SourceLocation
  ) async -> TestRecorder<State, Action>.Step? {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while true {
      let pending = recorder.received
      switch exhaustivity {
      case .on:
        if !pending.isEmpty { return recorder.received.removeFirst() }
      case .off:
        if let index = pending.firstIndex(where: { isMatching($0.action) }) {
          recorder.received.removeFirst(index + 1)
          // The actions skipped over are part of the state the closure starts from.
          if index > 0 { markAsserted(pending[index - 1]) }
          return pending[index]
        }
      }
      let what = pending.isEmpty ? "no action was received" : "no matching action was received"
      let pendingNote =
        pending.isEmpty
        ? "" : "\nReceived instead (still pending):\n\(Self.list(pending.map(\.action)))\n"
      if inFlight.isEmpty && skipped.isEmpty {
        TestFailure.record(
          """
          Expected to receive \(expected), but \(what) and no effect is running that could \
          send one.
          \(pendingNote)
          To fix, check that the reducer returns the effect that sends it.
          """,
          at: location)
        return nil
      }
      if ContinuousClock.now >= deadline {
        let running = (inFlight.map { "  \($0.label)" } + skipped.map { "  \($0.label) (skipped)" })
          .joined(separator: "\n")
        TestFailure.record(
          """
          Expected to receive \(expected) within \(timeout), but \(what). Effects still \
          running, started by:
          \(running)
          \(pendingNote)
          To fix, make the effect send it: advance the 'TestClock' it waits on, or pass a \
          longer 'timeout:'.
          """,
          at: location)
        return nil
      }
      await waitForActivity(until: deadline)
    }
  }
}
