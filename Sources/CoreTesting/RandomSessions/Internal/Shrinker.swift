/// Shrinks a failing session to a shorter, simpler one that breaks the same rule, by editing
/// its choices and running the session again: deleting runs of steps (halves first, then
/// smaller runs down to single steps), then lowering each choice toward 0 (at once, else by
/// halving the gap). An edit is kept when the session still breaks the same rule and its
/// choices are fewer, or as many and smaller in order, so shrinking always ends.
@MainActor
struct Shrinker<State: Equatable, Action> {
  let runner: SessionRunner<State, Action>
  let rule: String
  /// How many sessions shrinking may run, so that a session that shrinks slowly still ends.
  let maximumRuns: Int
  private(set) var runs = 0

  init(runner: SessionRunner<State, Action>, rule: String, maximumRuns: Int = 20_000) {
    self.runner = runner
    self.rule = rule
    self.maximumRuns = maximumRuns
  }

  /// The smallest session found that breaks the rule `failing` broke.
  mutating func shrink(_ failing: SessionOutcome<Action>) async -> SessionOutcome<Action> {
    var best = failing
    var didShrink = true
    while didShrink, runs < maximumRuns {
      didShrink = false
      if await deleteSteps(of: &best) { didShrink = true }
      if await lowerChoices(of: &best) { didShrink = true }
      if !didShrink, best.choices.count <= Self.exchangeLimit,
        await lowerWithNextPick(of: &best)
      {
        didShrink = true
      }
    }
    return best
  }

  /// The longest runs of steps deletion tries at every step.
  static var slidingRunLength: Int { 4 }

  /// The most choices a session may have for ``lowerWithNextPick(of:)``, which tries many
  /// pairs.
  static var exchangeLimit: Int { 120 }

  /// Lowers a choice while changing one of the next two picks to a small value: what puts two
  /// steps in the simpler order when each pick is read against the state the other left
  /// (`[lock, increment]` to `[increment, lock]`), which lowering one choice at a time cannot.
  private mutating func lowerWithNextPick(of best: inout SessionOutcome<Action>) async -> Bool {
    let starts = Set(best.stepStarts)
    let picks = best.choices.indices.filter { !starts.contains($0) }
    for (position, index) in picks.enumerated() where best.choices[index] > 0 {
      let value = best.choices[index]
      for later in picks.dropFirst(position + 1).prefix(2) {
        for lowered in Set([0, value - 1]).sorted() {
          for replacement: UInt64 in 0..<8 where replacement != best.choices[later] {
            guard runs < maximumRuns else { return false }
            var candidate = best.choices
            candidate[index] = lowered
            candidate[later] = replacement
            if let better = await attempt(candidate, against: best) {
              best = better
              return true
            }
          }
        }
      }
    }
    return false
  }

  /// Deletes runs of steps, the longest first; whether any deletion was kept.
  private mutating func deleteSteps(of best: inout SessionOutcome<Action>) async -> Bool {
    var didShrink = false
    var size = max(1, best.stepStarts.count / 2)
    while true {
      var start = 0
      while start < best.stepStarts.count, runs < maximumRuns {
        let end = start + size
        let from = best.stepStarts[start]
        let to = end < best.stepStarts.count ? best.stepStarts[end] : best.choices.count
        var candidate = best.choices
        candidate.removeSubrange(from..<min(to, candidate.count))
        if let better = await attempt(candidate, against: best) {
          best = better
          didShrink = true
        } else {
          // Short runs are tried at every step, not only at multiples of their length: the
          // two steps to delete together often straddle such a boundary.
          start += size <= Self.slidingRunLength ? 1 : size
        }
      }
      if size == 1 { return didShrink }
      // Halving while runs are long; every length once they are short.
      size = size > Self.slidingRunLength ? max(Self.slidingRunLength, size / 2) : size - 1
    }
  }

  /// Lowers each choice as far as the failure allows; whether any change was kept.
  private mutating func lowerChoices(of best: inout SessionOutcome<Action>) async -> Bool {
    var didShrink = false
    var index = 0
    while index < best.choices.count, runs < maximumRuns {
      let value = best.choices[index]
      if value > 0 {
        if let better = await attempt(replacing: index, with: 0, in: best) {
          best = better
          didShrink = true
        } else {
          // 0 passes and `value` fails: find the least failing value between.
          var passing: UInt64 = 0
          var failing = value
          while passing + 1 < failing, runs < maximumRuns {
            let middle = passing + (failing - passing) / 2
            if let better = await attempt(replacing: index, with: middle, in: best) {
              best = better
              didShrink = true
              failing = middle
            } else {
              passing = middle
            }
            if index >= best.choices.count { break }
          }
        }
      }
      index += 1
    }
    return didShrink
  }

  private mutating func attempt(
    replacing index: Int, with value: UInt64, in best: SessionOutcome<Action>
  ) async -> SessionOutcome<Action>? {
    guard index < best.choices.count else { return nil }
    var candidate = best.choices
    candidate[index] = value
    return await attempt(candidate, against: best)
  }

  /// Runs the session `choices` make; its outcome if it breaks the rule and is smaller than
  /// `best`.
  private mutating func attempt(
    _ choices: [UInt64], against best: SessionOutcome<Action>
  ) async -> SessionOutcome<Action>? {
    runs += 1
    let outcome = await runner.run(ChoiceStream(replaying: choices), length: .max)
    guard outcome.broken?.rule == rule, Self.isSmaller(outcome.choices, than: best.choices)
    else { return nil }
    return outcome
  }

  /// Shortlex order: fewer choices, or as many and smaller at the first difference.
  static func isSmaller(_ choices: [UInt64], than other: [UInt64]) -> Bool {
    if choices.count != other.count { return choices.count < other.count }
    return choices.lexicographicallyPrecedes(other)
  }
}
