import Core

extension TestStore {
  /// Sends an action and asserts how it changes the state.
  ///
  /// The reducer runs at once; `updateStateToExpectedResult` gets a copy of ``state`` (the
  /// state as of the last assertion) and must turn it into the state after the action. Any
  /// difference fails the test at this line with a diff naming each field that differs.
  /// Without a closure, the state must not change; with ``exhaustivity`` `.on`, a closure when
  /// the state did not change fails too ("Expected state to change, but no change occurred"):
  /// remove it.
  ///
  /// ```swift
  /// await store.send(.incrementButtonTapped) {
  ///   $0.count = 1
  /// }
  /// ```
  ///
  /// The closure runs with the dependencies the reducer ran with, so `@Dependency` reads inside
  /// it see the same values. With ``exhaustivity`` `.off` it gets the state *after* the action
  /// instead, and passes when it changes nothing there: it sets or checks only the fields it
  /// cares about, as in The Composable Architecture.
  ///
  /// With ``exhaustivity`` `.on`, sending while actions received from effects are still
  /// unasserted fails the test, naming them; they stay pending, and `receive` can still assert
  /// each of them afterwards. Effects the action starts keep running; assert what they send
  /// with `receive(_:timeout:assert:)`.
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - updateStateToExpectedResult: Mutates the state before the action into the expected
  ///     state after it.
  ///   - fileID: The file of the call, for failures.
  ///   - filePath: The file path of the call, for XCTest.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  /// - Returns: The task of the effects the action started: `cancel()` it to end a
  ///   long-living effect, as a view going away would.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> StoreTask {
    let location = Core.SourceLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    let label = "send(\(ValueDescription.of(action)))"
    if let dismissedBy {
      TestFailure.record(
        """
        '\(label)' was called after the test store was dismissed: the feature called \
        'dismiss()' in an effect of '\(dismissedBy)'. The action was not sent.

        To fix, end the test where the feature dismisses itself, or test the dismissal from the \
        parent that presents the feature.
        """,
        at: location)
      return .empty
    }
    // The unasserted actions stay pending: a `receive` after this `send` still finds them.
    if !recorder.received.isEmpty, exhaustivity == .on {
      let count = recorder.received.count
      TestFailure.record(
        """
        '\(label)' was called while \(count) \(count == 1 ? "action" : "actions") received \
        from effects \(count == 1 ? "was" : "were") not asserted:
        \(Self.list(recorder.received.map(\.action)))

        To fix, assert \(count == 1 ? "it" : "each") with 'await store.receive(...)' before \
        sending, or set 'store.exhaustivity = .off'. \(count == 1 ? "It stays" : "They stay") \
        pending.
        """,
        at: location)
    }
    recorder.stepLocation = location
    let sent = recorder.send(action, to: store, at: location)
    if let step = sent.step {
      assertState(
        of: step, after: label, updateStateToExpectedResult, at: location)
    }
    if sent.startedWork {
      track(sent.task, label: label, location: location)
    }
    // Let new effects start, and cancelled ones end, before the test goes on (and maybe ends).
    if sent.startedWork || (sent.cancelledWork && !inFlight.isEmpty) {
      await letEffectsCatchUp()
    }
    return sent.task
  }

  /// Gives running effects a moment to start, or to finish after sending their last action, so
  /// that an effect that is done in all but bookkeeping is not reported as still running.
  func letEffectsCatchUp() async {
    await Scheduling.letOtherTasksRun { [weak self] in self?.inFlight.isEmpty ?? true }
  }

  /// Checks that `update` turns the state as of the last assertion into `step.after`, reports
  /// the difference if not, and makes `step` the last assertion.
  ///
  /// When exhaustive, the closure starts from ``state``, except where an earlier failure
  /// already explains the gap: for a step older than the last one asserted (an action received
  /// after a later `send`), or sent while older ones were pending; these start from the state
  /// the reducer saw. With exhaustivity off, the closure starts from `step.after`, the state
  /// after the action, as The Composable Architecture's does, and must leave it unchanged: it
  /// asserts only fields that are as expected, and may read the new state.
  func assertState(
    of step: TestRecorder<State, Action>.Step,
    after label: String,
    _ update: ((inout State) throws -> Void)?,
    at location: Core.SourceLocation
  ) {
    let isOlder = step.index < assertedIndex
    let start: State
    switch exhaustivity {
    case .on: start = isOlder || step.index > assertedIndex + 1 ? step.before : asserted
    case .off: start = step.after
    }
    // After the closure: read from inside it, `state` is still the state as of the last
    // assertion.
    defer { markAsserted(step) }
    var expected = start
    do {
      try applying(update, to: &expected, with: step, at: location)
      if expected == step.after {
        if exhaustivity == .on, update != nil, expected == start {
          TestFailure.record(
            """
            Expected state to change, but no change occurred after '\(label)': the closure \
            asserting it leaves the state as it was, and so did the action.

            To fix, remove the closure: 'await store.\(label)'.
            """,
            at: location)
        }
        return
      }
    } catch {
      TestFailure.record(
        """
        The closure asserting the state after '\(label)' threw an error: \(error)

        To fix, make the closure describe the expected state without throwing.
        """,
        at: location)
      return
    }
    let diff =
      StateDiff.lines(expected, step.after).map(Self.indented)
      ?? "  (the states print the same but are not equal: check 'State's '==')"
    if update == nil {
      TestFailure.record(
        """
        State changed after '\(label)', but no change was asserted (- expected, + actual):

        \(diff)

        To fix, describe the change in a closure: 'await store.\(label) { $0.field = ... }'.
        """,
        at: location)
    } else {
      TestFailure.record(
        """
        State after '\(label)' does not match the expectation (- expected, + actual):

        \(diff)

        To fix, make the closure produce the state the reducer produced, or fix the reducer.
        """,
        at: location)
    }
  }

  /// Makes `step` the last assertion, unless a later step already is: ``state`` never goes
  /// back in time.
  func markAsserted(_ step: TestRecorder<State, Action>.Step) {
    guard step.index > assertedIndex else { return }
    asserted = step.after
    assertedIndex = step.index
  }

  /// Runs an assertion closure on `state` with `dependencies` (those the reducer ran with) in
  /// force; runtime issues it causes (a dependency without a test value) fail at `location`.
  func applying(
    _ update: ((inout State) throws -> Void)?,
    to state: inout State,
    with step: TestRecorder<State, Action>.Step,
    at location: Core.SourceLocation
  ) throws {
    guard let update else { return }
    try applying(
      update, to: &state, dependencies: step.dependencies, stackIDsAt: step.stackIDsBefore,
      at: location)
  }

  /// Runs an assertion closure on `state` with `dependencies` in force and a stack id counter
  /// at `stackIDs`; runtime issues it causes fail at `location`.
  func applying(
    _ update: (inout State) throws -> Void,
    to state: inout State,
    dependencies: DependencyValues,
    stackIDsAt stackIDs: Int,
    at location: Core.SourceLocation
  ) throws {
    // The dependencies the reducer ran with, and a stack id counter where the reducer's stood,
    // so that `$0.path.append(...)` takes the id the reducer took.
    var dependencies = dependencies
    StackIDs.start(in: &dependencies, at: stackIDs)
    try DependencyValues.$current.withValue(dependencies) {
      try IssueReporting.$override.withValue(recorder.sink.reporter(at: location)) {
        try update(&state)
      }
    }
  }

  static func indented(_ lines: String) -> String {
    lines.split(separator: "\n", omittingEmptySubsequences: false)
      .map { "  \($0)" }.joined(separator: "\n")
  }
}
