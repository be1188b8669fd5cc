import Core

extension Shell {
  /// Runs `undo` (or `redo`) and says what it reverted (or re-applied) in the words of the
  /// command that made the change, or says why there is nothing to undo.
  func undoOrRedo(_ isUndo: Bool) -> Reply {
    let history = store.state.history
    guard isUndo ? history.canUndo : history.canRedo else {
      if isUndo, let reason = history.forgottenReason {
        return Reply(
          isRejected: true, problems: ["Nothing to undo. \(reason)"], hadNothingToDo: true)
      }
      if isUndo, !stepNames.hasMadeSteps {
        // The history is not saved with the state, as in most editors: say so to someone who
        // expected to undo what they did before a restart.
        return Reply(
          isRejected: true,
          problems: [
            "Nothing to undo: no edit was made since AppShell started (undo history is not kept "
              + "when it quits)."
          ], hadNothingToDo: true)
      }
      return Reply(
        isRejected: true, problems: ["Nothing to \(isUndo ? "undo" : "redo")."],
        hadNothingToDo: true)
    }
    store.send(.history(isUndo ? .undo : .redo))
    let after = store.state.history
    let name = isUndo ? stepNames.undid(history: after) : stepNames.redid(history: after)
    let (verb, left) = isUndo ? ("undo", after.undoCount) : ("redo", after.redoCount)
    let more = left == 0 ? "nothing more to \(verb)" : "\(left) more to \(verb)"
    let what = name.map { ": \($0)" } ?? " the last edit"
    return Reply(output: ["\(isUndo ? "Undid" : "Redid")\(what) (\(more))."])
  }
}
