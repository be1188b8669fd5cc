/// What one run of a random session did: its steps with the choices that made each, and the
/// rule it broke if it broke one.
struct SessionOutcome<Action> {
  typealias Reason = RandomSessionFailure<Action>.Reason

  /// A step, the choices that made it, and the actions the store reduced during it: the sent
  /// action first, then those effects fed back.
  struct Step {
    let step: RandomSessionStep<Action>
    let choices: StepChoices
    /// The keys of the steps listed when this one was taken, and its place among them: the
    /// steps listed before it are the simpler ones shrinking tries instead.
    let listed: [StepKey]
    let rank: Int
    var reduced: [(action: Action, isFedBack: Bool)] = []
  }

  /// How a session failed.
  struct Break {
    let reason: Reason
    /// What makes two failures the same: the rule, or for an issue its location and its
    /// message without the values in it (so shrinking a session that reported one issue does
    /// not end at a session reporting another).
    let signature: String
    /// The step (from 1) during which it broke; 0 for the initial state.
    let step: Int
    /// Which of the step's reduced actions broke it, if one did.
    let reducedIndex: Int?
    /// What is wrong: a diff, or the message.
    let details: String
  }

  var steps: [Step] = []
  var broken: Break?

  /// The choices of the session's steps, which make it again.
  var choices: [StepChoices] { steps.map(\.choices) }
}

extension SessionOutcome.Break {
  /// A failure for a rule, which is its own signature.
  init(rule reason: SessionOutcome.Reason, step: Int, reducedIndex: Int?, details: String) {
    self.init(
      reason: reason, signature: reason.description, step: step, reducedIndex: reducedIndex,
      details: details)
  }
}
