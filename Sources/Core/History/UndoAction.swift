/// What a user asks of an ``UndoHistory``: embed it in a feature's actions
/// (`case history(UndoAction)`) and give the case to ``Reducer/undoable(_:history:action:limit:group:forget:)``.
public enum UndoAction: Equatable, Sendable, Codable {
  /// Restores the value as it was before the last step.
  case undo
  /// Re-applies the step that the last `undo` reverted.
  case redo
  /// Starts a group: every change until ``endGroup`` is one step.
  case beginGroup
  /// Ends the group ``beginGroup`` started.
  case endGroup
}
