import Core

extension Shell {
  /// Runs `undo` (or `redo`), or says why there is nothing to undo.
  func undoOrRedo(_ isUndo: Bool) -> Reply {
    let history = store.state.history
    guard isUndo ? history.canUndo : history.canRedo else {
      if isUndo, let reason = history.forgottenReason {
        return Reply(isRejected: true, problems: ["Nothing to undo. \(reason)"])
      }
      return Reply(isRejected: true, problems: ["Nothing to \(isUndo ? "undo" : "redo")."])
    }
    store.send(.history(isUndo ? .undo : .redo))
    let left = isUndo ? store.state.history.undoCount : store.state.history.redoCount
    let text =
      isUndo
      ? "Undid the last edit (\(left) more to undo)."
      : "Redid the last undone edit (\(left) more to redo)."
    return Reply(output: [text])
  }
}
