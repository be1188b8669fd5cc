/// What one run of a random session did: its steps, the rule it broke if it broke one, and the
/// choices it read, which make it again.
struct SessionOutcome<Action> {
  /// A step and the actions the store reduced during it: the sent action first, then those
  /// effects fed back.
  struct Step {
    let step: RandomSessionStep<Action>
    var reduced: [(action: Action, isFedBack: Bool)] = []
  }

  /// A rule the session broke.
  struct Break {
    /// The rule's name (`invariant 'total is never negative'`); `issue` for an issue.
    let rule: String
    /// The step (from 1) during which it broke; 0 for the initial state.
    let step: Int
    /// Which of the step's reduced actions broke it, if one did.
    let reducedIndex: Int?
    /// What is wrong: a diff, or the message.
    let details: String
  }

  var steps: [Step] = []
  var broken: Break?
  /// The choices the session read, in order.
  var choices: [UInt64] = []
  /// Where each step's choices start in `choices`.
  var stepStarts: [Int] = []
  /// Whether effects were still busy after some step when the session stopped waiting for
  /// them: they waited on something other than the session's clock, so that the session may
  /// not replay the same way.
  var hadBusyEffects = false
}
