extension Reducer {
  /// Logs each action and the change it made to the state, for debugging.
  ///
  /// ```swift
  /// Store(initialState: AppFeature.State()) {
  ///   AppFeature()._printChanges()
  /// }
  /// // received action:
  /// //   AppAction.profile(.nameChanged("Ada"))
  /// // - profile.name: ""
  /// // + profile.name: "Ada"
  /// ```
  ///
  /// - Parameter printer: Where the log goes; standard output by default.
  /// - Returns: This reducer, logging.
  public func _printChanges(
    to printer: @escaping @Sendable (String) -> Void = { print($0) }
  ) -> some Reducer<State, Action> {
    PrintChangesReducer(base: resolved(), printer: printer)
  }
}

struct PrintChangesReducer<State, Action>: Reducer {
  let base: any Reducer<State, Action>
  let printer: @Sendable (String) -> Void

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let old = state
    let effect = base.reduce(into: &state, action: action)
    let diff = StateDiff.lines(old, state) ?? "  (no state changes)"
    printer("received action:\n  \(ValueDescription.ofAction(action))\n\(diff)")
    return effect
  }
}
