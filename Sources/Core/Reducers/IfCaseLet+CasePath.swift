extension Reducer {
  /// ``ifCaseLet(_:action:then:fileID:filePath:line:column:)`` with explicit case paths for
  /// the state and the action: routing costs what the `switch`es in `extract` cost, and any
  /// shape works.
  ///
  /// ```swift
  /// .ifCaseLet(
  ///   AnyCasePath(
  ///     embed: State.loggedIn,
  ///     extract: { if case let .loggedIn(state) = $0 { state } else { nil } }),
  ///   action: AnyCasePath(
  ///     embed: Action.loggedIn,
  ///     extract: { if case let .loggedIn(action) = $0 { action } else { nil } })
  /// ) {
  ///   HomeFeature()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - state: The case path between the state and the child state.
  ///   - action: The case path between an action and a child action.
  ///   - then: Builds the child reducer.
  ///   - fileID: Where the operator is used, for runtime issues.
  ///   - filePath: Where the operator is used.
  ///   - line: Where the operator is used.
  ///   - column: Where the operator is used.
  /// - Returns: A reducer that runs both.
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer>(
    _ state: AnyCasePath<State, CaseState>,
    action: AnyCasePath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then: () -> Case,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action>
  where CaseState == Case.State, CaseAction == Case.Action {
    IfCaseLetReducer(
      parent: resolved(), child: then().resolved(), toChildState: EnumCase(state),
      toChildAction: ChildRoute(action), fromChildAction: action.embedValue,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}
