/// What the shell says after running a command line.
struct Reply: Equatable {
  /// Lines to show the user: the output of `help`, `state` or `stats`, or an error.
  var output: [String] = []
  /// Whether ``output`` is prose, for a session to wrap at words to its width (`help`); other
  /// output keeps its lines whole, as JSON and tables need.
  var wrapsAtWords = false
  /// Whether the command was rejected: it did not parse, or the module refused it (the reason
  /// is in ``problems`` and in the module's panel).
  var isRejected = false
  /// Why the module refused the command, as its panel shows it.
  var problems: [String] = []
  /// Whether the command was refused only because there was nothing for it to do (`undo`
  /// with nothing to undo): a script goes on as if it had run, unless it asked for strict exit
  /// codes.
  var hadNothingToDo = false
  /// Whether the user asked to wait for running work.
  var waits = false
  /// Whether the user asked to leave.
  var quits = false
}
