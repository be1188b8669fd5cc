extension Reducer {
  /// ``forEach(_:action:destination:fileID:filePath:line:column:)`` for a navigation stack,
  /// with an explicit case path to the stack action: routing costs what the `switch` in
  /// `extract` costs, and any action shape works.
  ///
  /// ```swift
  /// .forEach(
  ///   \.path,
  ///   action: AnyCasePath(
  ///     embed: { .path($0) },
  ///     extract: { if case let .path(action) = $0 { action } else { nil } }
  ///   )
  /// ) {
  ///   Path()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - state: The key path to the stack.
  ///   - action: The case path between an action and a stack action.
  ///   - destination: Builds the reducer of a screen.
  ///   - fileID: Where the operator is used, for runtime issues.
  ///   - filePath: Where the operator is used.
  ///   - line: Where the operator is used.
  ///   - column: Where the operator is used.
  /// - Returns: A reducer that runs both.
  @inlinable
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ state: WritableKeyPath<State, StackState<DestinationState>>,
    action: AnyCasePath<Action, StackAction<DestinationState, DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    StackReducer(
      parent: reduceFunction(), element: destination().reduceFunction(), toStack: state,
      toStackAction: ChildRoute(action), fromStackAction: action.embedValue,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    ).specialized
  }
}
