/// Which of the listed steps a session took: the call of `send` or `advanceClock` in the
/// actions closure that listed it, and which of that call's listings in the step it was (a
/// loop lists several from one call).
///
/// A replayed step is found again by its key, not by its place in the list, so a step listed
/// under a condition that an earlier deletion changed does not turn a later step into another
/// one: a step whose key is not listed any more is left out, as Hypothesis' rule-based state
/// machines filter rules whose preconditions fail.
struct StepKey: Hashable {
  /// The line and column of the call, in one number: the file is left out, since the calls
  /// of one actions closure are nearly always in one file, and two calls in different files
  /// at the same line and column still get different keys through `occurrence`.
  let site: UInt64
  /// How many steps the same call listed before this one, in the same step.
  let occurrence: Int

  init(line: UInt, column: UInt, occurrence: Int) {
    site = UInt64(truncatingIfNeeded: line) << 32 | UInt64(truncatingIfNeeded: column)
    self.occurrence = occurrence
  }
}
