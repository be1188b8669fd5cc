import Core

/// What `undo` and `redo` say they reverted: the command that made each step, as it was typed.
///
/// The store's ``UndoHistory`` keeps the values before and after each step, not what changed
/// them, so the shell keeps the names beside it and trims them to its counts: a history that
/// forgot its oldest step past its limit, or every step after a change that left the app, has
/// as many names left.
///
/// ```swift
/// var names = StepNames()
/// names.commandFinished("profile name Ada", madeStep: true, history: history)
/// names.undid(history: historyAfterUndo)  // "profile name Ada"
/// ```
struct StepNames {
  /// The names of the steps `undo` goes through, the next one last; `nil` for a step no command
  /// made.
  private var undoable: [String?] = []
  /// The names of the steps `redo` goes through, the next one last.
  private var redoable: [String?] = []
  /// Whether a command made a step since the app started.
  private(set) var hasMadeSteps = false

  /// Notes that the command `name` finished, and whether it made a step.
  mutating func commandFinished(_ name: String, madeStep: Bool, history: UndoHistory<AppEdits>) {
    if madeStep {
      undoable.append(name)
      redoable = []
      hasMadeSteps = true
    }
    match(history)
  }

  /// The name of the step an undo just reverted, which `redo` re-applies next.
  mutating func undid(history: UndoHistory<AppEdits>) -> String? {
    let name = undoable.popLast() ?? nil
    redoable.append(name)
    match(history)
    return name
  }

  /// The name of the step a redo just re-applied, which `undo` reverts next.
  mutating func redid(history: UndoHistory<AppEdits>) -> String? {
    let name = redoable.popLast() ?? nil
    undoable.append(name)
    match(history)
    return name
  }

  /// Keeps as many names as `history` has steps: the oldest go first, as in the history; a
  /// step no command made (there should be none) has no name.
  mutating func match(_ history: UndoHistory<AppEdits>) {
    Self.match(&undoable, count: history.undoCount)
    Self.match(&redoable, count: history.redoCount)
  }

  private static func match(_ names: inout [String?], count: Int) {
    if names.count > count { names.removeFirst(names.count - count) }
    while names.count < count { names.append(nil) }
  }
}
