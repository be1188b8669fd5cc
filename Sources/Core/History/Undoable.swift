extension Reducer {
  /// This reducer, with undo and redo of the value at `value`, kept in the history at
  /// `history`.
  ///
  /// ```swift
  /// enum Action { case nameChanged(String), itemAdded(Item), history(UndoAction) }
  ///
  /// var body: some Reducer<State, Action> {
  ///   Reduce { state, action in
  ///     ...
  ///   }
  ///   .undoable(\.document, history: \.history, action: Action.history, limit: 100) {
  ///     // Typing a name is one step.
  ///     if case .nameChanged = $0 { "name" } else { nil }
  ///   }
  /// }
  /// ```
  ///
  /// After each action that changes the value, the value as it was before becomes a step;
  /// steps beyond `limit` are forgotten, oldest first, and a change clears what could be
  /// redone. Consecutive actions of one `group` key make one step, and so does everything
  /// between `.beginGroup` and `.endGroup`. `.undo` and `.redo` swap the value with the one
  /// before or after the last step, then this reducer reduces them too (to log them, or to
  /// cancel effects).
  ///
  /// Undo changes state only. An effect in flight, such as a save of the edit being undone,
  /// keeps running: what it already did outside the app stays done, and what it feeds back is
  /// reduced against the restored value (a change it makes then is a new step). To stop it,
  /// return `.cancel(id:)` for it when this reducer reduces `.undo`. A child that the restored
  /// value no longer holds (presented, a screen, a row, a case) is removed like any other: its
  /// effects are cancelled within the same `send`, wherever its `ifLet`, `forEach` or
  /// `ifCaseLet` is (behind a `Scope` too).
  ///
  /// - Parameters:
  ///   - value: The part of the state that undo restores.
  ///   - history: Where the steps are kept.
  ///   - action: The case of the feature's actions that carries an ``UndoAction``.
  ///   - limit: How many steps are kept; at least 1.
  ///   - group: The group key of an action: consecutive changes with the same key are one
  ///     step; `nil` (the default) makes each change a step.
  ///   - forget: A reason when the change an action made must never be undone, because it left
  ///     the app (an order sent, a save that reached the server): the history is then emptied
  ///     (``UndoHistory/forget(because:)``) instead of getting a step. `nil` by default.
  /// - Returns: This reducer, keeping the history.
  public func undoable<Value: Equatable>(
    _ value: any WritableKeyPath<State, Value> & Sendable,
    history: any WritableKeyPath<State, UndoHistory<Value>> & Sendable,
    action: @escaping @Sendable (UndoAction) -> Action,
    limit: Int = 100,
    group: @escaping @Sendable (Action) -> String? = { _ in nil },
    forget: @escaping @Sendable (Action) -> String? = { _ in nil }
  ) -> some Reducer<State, Action> {
    UndoReducer(
      base: resolved(), value: value, history: history,
      extractor: ChildRoute(action), limit: max(1, limit), group: group,
      forget: forget)
  }
}

/// Reduces with `base` and keeps the undo history of `value`.
struct UndoReducer<State, Action, Value: Equatable>: Reducer {
  let base: any Reducer<State, Action>
  let value: WritableKeyPath<State, Value>
  let history: WritableKeyPath<State, UndoHistory<Value>>
  let extractor: ChildRoute<Action, UndoAction>
  let limit: Int
  let group: @Sendable (Action) -> String?
  let forget: @Sendable (Action) -> String?

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if let command = extractor.extract(action) {
      switch command {
      case .undo, .redo:
        // Moved out and back, so that neither the steps nor the value are copied.
        var steps = state[keyPath: history]
        state[keyPath: history] = UndoHistory()
        var current = state[keyPath: value]
        _ = command == .undo ? steps.undo(&current) : steps.redo(&current)
        state[keyPath: value] = current
        state[keyPath: history] = steps
      case .beginGroup: state[keyPath: history].beginGroup()
      case .endGroup: state[keyPath: history].endGroup()
      }
      let effect = base.reduce(into: &state, action: action)
      guard command == .undo || command == .redo else { return effect }
      // The restored value may lack children whose work runs, wherever their operators are
      // (behind a `Scope`, one does not see this action): the store ends that work now.
      return .merged(effect, Effect(operation: .endMissingChildren))
    }
    let old = state[keyPath: value]
    let effect = base.reduce(into: &state, action: action)
    if state[keyPath: value] != old {
      if let reason = forget(action) {
        state[keyPath: history].forget(because: reason)
      } else {
        state[keyPath: history].recordChange(from: old, key: group(action), limit: limit)
      }
    }
    return effect
  }
}
