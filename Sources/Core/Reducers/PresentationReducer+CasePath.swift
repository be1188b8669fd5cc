extension Reducer {
  /// ``ifLet(_:action:destination:fileID:filePath:line:column:)`` with an explicit case path
  /// to the presentation action: routing costs what the `switch` in `extract` costs, and any
  /// action shape works.
  ///
  /// ```swift
  /// .ifLet(
  ///   \.$destination,
  ///   action: AnyCasePath(
  ///     embed: { .destination($0) },
  ///     extract: { if case let .destination(action) = $0 { action } else { nil } }
  ///   )
  /// ) {
  ///   Destination()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - state: The key path to the presentation state: `\.$destination`.
  ///   - action: The case path between an action and a presentation action.
  ///   - destination: Builds the child reducer.
  ///   - fileID: Where the operator is used, for runtime issues.
  ///   - filePath: Where the operator is used.
  ///   - line: Where the operator is used.
  ///   - column: Where the operator is used.
  /// - Returns: A reducer that runs both.
  @inlinable
  public func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
    _ state: WritableKeyPath<State, PresentationState<DestinationState>>,
    action: AnyCasePath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    PresentationReducer(
      parent: reduceFunction(), destination: destination().reduceFunction(),
      toPresentationState: state,
      toPresentationAction: ChildRoute(action), fromPresentationAction: action.embedValue,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    ).specialized
  }

  /// ``ifLet(_:action:fileID:filePath:line:column:)`` (a dialog without a reducer of its own)
  /// with an explicit case path to the presentation action.
  ///
  /// - Parameters:
  ///   - state: The key path to the presentation state: `\.$alert`.
  ///   - action: The case path between an action and a presentation action.
  ///   - fileID: Where the operator is used, for runtime issues.
  ///   - filePath: Where the operator is used.
  ///   - line: Where the operator is used.
  ///   - column: Where the operator is used.
  /// - Returns: A reducer that runs this one and closes the dialog.
  @inlinable
  public func ifLet<DestinationState, DestinationAction>(
    _ state: WritableKeyPath<State, PresentationState<DestinationState>>,
    action: AnyCasePath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action> {
    PresentationReducer(
      parent: reduceFunction(),
      destination: EmptyReducer<DestinationState, DestinationAction>().reduceFunction(),
      toPresentationState: state, toPresentationAction: ChildRoute(action),
      fromPresentationAction: action.embedValue,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    ).specialized
  }
}
