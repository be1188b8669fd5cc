import Core

extension TestStore where State: Codable, Action: Codable {
  /// Creates a test store whose state is where `recording` ends: it replays the recording with
  /// the reducer, then the test goes on with `send` and `receive` from there.
  ///
  /// A recording attached to a bug report becomes a failing test in a few lines:
  ///
  /// ```swift
  /// @MainActor
  /// @Test func theReportedSession() async throws {
  ///   let recording = try Recording<AppFeature.State, AppFeature.Action>(
  ///     contentsOf: URL(filePath: "bug-1234.jsonl"))
  ///   let store = try TestStore(replaying: recording) { AppFeature() }
  ///   await store.send(.orders(.submitTapped)) {
  ///     $0.orders.problem = nil  // what should happen
  ///   }
  /// }
  /// ```
  ///
  /// The replay runs the reducer alone with the generator values the recording holds (see
  /// ``Core/Recording/replay(from:with:)``); the steps that follow use test dependencies, as
  /// any test store does, with a stack element id counter that continues after the ids the
  /// recording used.
  ///
  /// - Parameters:
  ///   - recording: The recording to start from.
  ///   - initialState: The initial state, when the recording holds only its fingerprint.
  ///   - reducer: Builds the reducer the session ran.
  ///   - prepareDependencies: Overrides dependencies for the steps after the replay.
  ///   - fileID: The file of the test, for failures found when the store is released.
  ///   - filePath: The file path of the test, for XCTest.
  ///   - line: The line of the test.
  ///   - column: The column of the test.
  /// - Throws: ``Core/ReplayError`` when the reducer does not reproduce the recording.
  public convenience init<R: Reducer>(
    replaying recording: Recording<State, Action>,
    from initialState: State? = nil,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) throws(ReplayError) where R.State == State, R.Action == Action {
    let built = reducer()
    let (state, nextStackID) = try recording.replayed(from: initialState, with: built)
    self.init(
      initialState: state, reducer: { built },
      withDependencies: { dependencies in
        dependencies.stackElementIDs = StackElementIDGenerator(next: nextStackID)
        prepareDependencies?(&dependencies)
      }, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
