/// The choices one step of a session made: what the actions closure drew while listing the
/// steps, which listed step was taken, and what building that step drew.
///
/// A step reads only its own choices, so deleting a step, or changing the choices of one,
/// leaves the meaning of every other step's choices alone: what shrinking needs to remove two
/// steps that are far apart, or to simplify one payload without scrambling the rest.
struct StepChoices: Equatable {
  /// What the actions closure drew while listing (`next.element(of:)` to decide what to list).
  var listing: [UInt64] = []
  /// The step taken.
  var key: StepKey
  /// What building the taken step drew (the draws inside `send(...)`'s argument).
  var payload: [UInt64] = []
  /// For a clock step that shrinking merged from several: the time it lets pass instead of
  /// the duration it draws.
  var duration: Duration?
}
