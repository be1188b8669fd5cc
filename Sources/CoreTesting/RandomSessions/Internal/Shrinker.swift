/// Shrinks a failing session to a shorter, simpler one that fails the same way, by editing its
/// steps' choices and running the session again.
///
/// Its passes, repeated until none shrinks the session: delete runs of steps (halves first,
/// then every shorter run down to single steps), then every pair of steps, then each step with
/// the later steps' chosen elements moved down by one (a deleted new row); move each step
/// earlier where that lets the session fail sooner, and each step later past the clock step
/// after it (the last clock step lengthened to match); merge consecutive clock steps, and two
/// steps of the same call into one with their numbers added; take a step listed earlier
/// instead of each step (with the simplest payload, then with its own); lower each choice
/// toward 0 (at once, else by halving the gap). Since each step reads only its own choices,
/// and a replayed step that is no longer listed is left out, an edit of one step leaves the
/// meaning of the others alone.
///
/// An edit is kept when the session still fails the same way (same rule, or the same issue at
/// the same place) and is smaller: fewer steps, or as many and fewer or smaller choices
/// (``isSmaller(_:than:)``), so shrinking always ends.
@MainActor
struct Shrinker<State: Equatable, Action> {
  let runner: SessionRunner<State, Action>
  /// What the shrunk session must still fail with.
  let signature: String
  /// How many sessions shrinking may run, so that a session that shrinks slowly still ends.
  let maximumRuns: Int
  private(set) var runs = 0

  init(
    runner: SessionRunner<State, Action>, signature: String, maximumRuns: Int = 20_000
  ) {
    self.runner = runner
    self.signature = signature
    self.maximumRuns = maximumRuns
  }

  /// The smallest session found that fails as `failing` does.
  mutating func shrink(_ failing: SessionOutcome<Action>) async -> SessionOutcome<Action> {
    var best = failing
    var didShrink = true
    while didShrink, runs < maximumRuns {
      didShrink = false
      if await deleteRuns(of: &best) { didShrink = true }
      if await deletePairs(of: &best) { didShrink = true }
      if await deleteShifting(of: &best) { didShrink = true }
      if await moveEarlier(of: &best) { didShrink = true }
      if await delayPastClockSteps(of: &best) { didShrink = true }
      if await mergeClockSteps(of: &best) { didShrink = true }
      if await mergeSameSteps(of: &best) { didShrink = true }
      if await pickEarlierSteps(of: &best) { didShrink = true }
      if await lowerChoices(of: &best) { didShrink = true }
    }
    return best
  }

  /// The most steps a session may have for the passes that try every pair of steps.
  static var pairLimit: Int { 16 }

  /// Deletes runs of steps, the longest first; whether any deletion was kept.
  private mutating func deleteRuns(of best: inout SessionOutcome<Action>) async -> Bool {
    var didShrink = false
    var size = max(1, best.steps.count / 2)
    while runs < maximumRuns {
      var start = 0
      while start + size <= best.steps.count, runs < maximumRuns {
        var candidate = best.choices
        candidate.removeSubrange(start..<start + size)
        if await attempt(candidate, against: &best) {
          didShrink = true
        } else {
          // Short runs are tried at every step, not only at multiples of their length: the
          // steps to delete together often straddle such a boundary.
          start += size <= 8 ? 1 : size
        }
      }
      if size == 1 { break }
      size = size > 8 ? size / 2 : size - 1
    }
    return didShrink
  }

  /// Deletes each step with the elements the later steps chose moved down by one: a deleted
  /// step that added a row (a new order) shifts the rows after it, so the later steps, still
  /// choosing by place, would otherwise pick other rows than before.
  private mutating func deleteShifting(of best: inout SessionOutcome<Action>) async -> Bool {
    var didShrink = false
    var index = 0
    while index < best.steps.count, runs < maximumRuns {
      var candidate = best.choices
      candidate.remove(at: index)
      var shifted = false
      for later in candidate.indices.dropFirst(index) {
        for choice in candidate[later].listing.indices where candidate[later].listing[choice] > 0 {
          candidate[later].listing[choice] -= 1
          shifted = true
        }
      }
      // Unshifted, the deletion is the one `deleteRuns` tried.
      if shifted, await attempt(candidate, against: &best) {
        didShrink = true
      } else {
        index += 1
      }
    }
    return didShrink
  }

  /// Deletes two steps that are not next to each other at once: what a step that only makes
  /// sense with another needs.
  private mutating func deletePairs(of best: inout SessionOutcome<Action>) async -> Bool {
    guard best.steps.count <= Self.pairLimit else { return false }
    var didShrink = false
    var first = 0
    while first < best.steps.count, runs < maximumRuns {
      var second = first + 2
      var deleted = false
      while second < best.steps.count, runs < maximumRuns {
        var candidate = best.choices
        candidate.remove(at: second)
        candidate.remove(at: first)
        if await attempt(candidate, against: &best) {
          didShrink = true
          deleted = true
          break
        }
        second += 1
      }
      if !deleted { first += 1 }
    }
    return didShrink
  }

  /// Moves each step, and each pair of consecutive steps, to each earlier place, kept where
  /// the session is then smaller: a later step the move made needless is left out, the
  /// failure comes sooner, clock steps it separated come together to be merged, or simpler
  /// steps come first (`[increment, lock]` rather than `[lock, increment]`).
  private mutating func moveEarlier(of best: inout SessionOutcome<Action>) async -> Bool {
    guard best.steps.count <= Self.pairLimit else { return false }
    var didShrink = false
    for size in 1...2 {
      var from = 1
      while from + size <= best.steps.count, runs < maximumRuns {
        var moved = false
        for to in 0..<from where runs < maximumRuns {
          var candidate = best.choices
          let steps = candidate[from..<from + size]
          candidate.removeSubrange(from..<from + size)
          candidate.insert(contentsOf: steps, at: to)
          if await attempt(candidate, against: &best) {
            didShrink = true
            moved = true
            break
          }
        }
        if !moved { from += 1 }
      }
    }
    return didShrink
  }

  /// Moves each step later, past the clock step that follows it, and gives the session's last
  /// clock step that clock step's time as well, so that what the moved step started has as
  /// long to land as before; consecutive clock steps then merge. What the moved step did now
  /// comes after what the clock let land: a second submission made after the first one's
  /// confirmation and a deletion, rather than a clock step between two submissions that the
  /// deletion must wait for.
  private mutating func delayPastClockSteps(of best: inout SessionOutcome<Action>) async -> Bool {
    var didShrink = false
    var index = 0
    while index + 2 < best.steps.count, runs < maximumRuns {
      guard case .send = best.steps[index].step,
        case let .advanceClock(passed) = best.steps[index + 1].step,
        let last = best.steps.lastIndex(where: {
          if case .advanceClock = $0.step { true } else { false }
        }),
        last > index + 1, case let .advanceClock(lastDuration) = best.steps[last].step
      else {
        index += 1
        continue
      }
      var candidate = best.choices
      // What each step lets pass on the clock (`nil` for a send), moved with its step.
      var times = best.steps.map { step -> Duration? in
        guard case let .advanceClock(duration) = step.step else { return nil }
        return duration
      }
      times[last] = lastDuration + passed
      candidate[last].duration = times[last]
      candidate.swapAt(index, index + 1)
      times.swapAt(index, index + 1)
      if await attempt(Self.mergingClockSteps(candidate, times: times), against: &best) {
        didShrink = true
      } else {
        index += 1
      }
    }
    return didShrink
  }

  /// `choices` with each run of consecutive clock steps merged into one that lets their
  /// `times` pass together; `times` holds what each step lets pass, `nil` for a send.
  private static func mergingClockSteps(_ choices: [StepChoices], times: [Duration?])
    -> [StepChoices]
  {
    var merged: [StepChoices] = []
    var previous: Duration?
    for (choice, time) in zip(choices, times) {
      if let time, let before = previous {
        merged[merged.count - 1].duration = before + time
        previous = before + time
      } else {
        merged.append(choice)
        previous = time
      }
    }
    return merged
  }

  /// Merges each run of consecutive clock steps into one step that lets the same time pass.
  private mutating func mergeClockSteps(of best: inout SessionOutcome<Action>) async -> Bool {
    var didShrink = false
    var index = 0
    while index + 1 < best.steps.count, runs < maximumRuns {
      guard case let .advanceClock(first) = best.steps[index].step,
        case let .advanceClock(second) = best.steps[index + 1].step
      else {
        index += 1
        continue
      }
      var candidate = best.choices
      candidate[index].duration = first + second
      candidate.remove(at: index + 1)
      if await attempt(candidate, against: &best) {
        didShrink = true
      } else {
        index += 1
      }
    }
    return didShrink
  }

  /// Merges two steps listed by the same call into one whose drawn numbers are the sums of
  /// theirs where they differ: two additions of 23 and 28 become one of 51, as two clock steps
  /// become one. A failure that needs a total to cross a limit is found with many small steps
  /// and is shortest with few large ones; deleting a step alone would fall below the limit, and
  /// lowering choices never raises one.
  private mutating func mergeSameSteps(of best: inout SessionOutcome<Action>) async -> Bool {
    guard best.steps.count <= Self.pairLimit else { return false }
    var didShrink = false
    var first = 0
    while first < best.steps.count, runs < maximumRuns {
      var merged = false
      var second = first + 1
      while second < best.steps.count, runs < maximumRuns, !merged {
        let (one, other) = (best.choices[first], best.choices[second])
        if one.key == other.key, one.payload.count == other.payload.count {
          // Kept in the place of the later step, then of the earlier one.
          attempts: for sums in Self.sums(of: one.payload, and: other.payload) {
            for (kept, deleted) in [(second, first), (first, second)] where runs < maximumRuns {
              var candidate = best.choices
              candidate[kept].payload = sums
              candidate.remove(at: deleted)
              if await attempt(candidate, against: &best) {
                didShrink = true
                merged = true
                break attempts
              }
            }
          }
        }
        second += 1
      }
      if !merged { first += 1 }
    }
    return didShrink
  }

  /// The payloads two steps of one call merge into: the numbers that differ added (an amount
  /// and an amount, the product the same), then each number both drew added alone, for two
  /// steps that drew the same (two additions of 20: which number is the amount, the step
  /// cannot tell).
  static func sums(of one: [UInt64], and other: [UInt64]) -> [[UInt64]] {
    var sums: [[UInt64]] = []
    if one != other {
      sums.append(zip(one, other).map { $0 == $1 ? $0 : $0 &+ $1 })
    }
    for index in one.indices where one[index] > 0 && other[index] > 0 {
      var sum = one
      sum[index] = one[index] &+ other[index]
      if !sums.contains(sum) { sums.append(sum) }
    }
    return sums
  }

  /// Takes, instead of each step, a step listed before it (the simpler ones).
  private mutating func pickEarlierSteps(of best: inout SessionOutcome<Action>) async -> Bool {
    var didShrink = false
    var index = 0
    while index < best.steps.count, runs < maximumRuns {
      let step = best.steps[index]
      let payload = best.choices[index].payload
      // With the simplest payload, then with the numbers this step drew: a quantity set to 76
      // after an addition of 1 becomes an addition of about 76, which can then merge with
      // the addition before it.
      candidates: for key in step.listed.prefix(step.rank) {
        for drawn in payload.isEmpty ? [[]] : [[], payload] where runs < maximumRuns {
          var candidate = best.choices
          candidate[index].key = key
          candidate[index].payload = drawn
          candidate[index].duration = nil
          if await attempt(candidate, against: &best) {
            didShrink = true
            break candidates
          }
        }
      }
      index += 1
    }
    return didShrink
  }

  /// Lowers each choice as far as the failure allows; whether any change was kept.
  private mutating func lowerChoices(of best: inout SessionOutcome<Action>) async -> Bool {
    var didShrink = false
    var step = 0
    while step < best.steps.count, runs < maximumRuns {
      for part in [\StepChoices.listing, \StepChoices.payload] {
        var index = 0
        while step < best.steps.count, index < best.steps[step].choices[keyPath: part].count,
          runs < maximumRuns
        {
          if await lower(step: step, part: part, index: index, of: &best) { didShrink = true }
          index += 1
        }
      }
      step += 1
    }
    return didShrink
  }

  /// Lowers one choice: to 0 if the failure allows, else to the least failing value found by
  /// halving the gap.
  private mutating func lower(
    step: Int, part: WritableKeyPath<StepChoices, [UInt64]>, index: Int,
    of best: inout SessionOutcome<Action>
  ) async -> Bool {
    func replaced(_ value: UInt64, in best: SessionOutcome<Action>) -> [StepChoices]? {
      guard step < best.steps.count, index < best.steps[step].choices[keyPath: part].count else {
        return nil
      }
      var candidate = best.choices
      candidate[step][keyPath: part][index] = value
      return candidate
    }
    let value = best.steps[step].choices[keyPath: part][index]
    guard value > 0, let zero = replaced(0, in: best) else { return false }
    if await attempt(zero, against: &best) { return true }
    var didShrink = false
    var passing: UInt64 = 0
    var failing = value
    while passing + 1 < failing, runs < maximumRuns {
      let middle = passing + (failing - passing) / 2
      guard let candidate = replaced(middle, in: best) else { break }
      if await attempt(candidate, against: &best) {
        didShrink = true
        failing = middle
      } else {
        passing = middle
      }
    }
    return didShrink
  }

  /// Runs the session `choices` make; keeps it in `best` if it fails the same way and is
  /// smaller.
  private mutating func attempt(
    _ choices: [StepChoices], against best: inout SessionOutcome<Action>
  ) async -> Bool {
    runs += 1
    let outcome = await runner.run(SessionChoices(replaying: choices), length: .max)
    guard outcome.broken?.signature == signature, Self.isSmaller(outcome, than: best) else {
      return false
    }
    best = outcome
    return true
  }

  /// Fewer steps; or as many, and the steps' choices smaller in shortlex order (fewer, or as
  /// many and smaller at the first difference), each step counting the place of the step it
  /// took among those listed, then its choices.
  static func isSmaller(_ outcome: SessionOutcome<Action>, than other: SessionOutcome<Action>)
    -> Bool
  {
    if outcome.steps.count != other.steps.count {
      return outcome.steps.count < other.steps.count
    }
    let (mine, theirs) = (flattened(outcome), flattened(other))
    if mine.count != theirs.count { return mine.count < theirs.count }
    if mine != theirs { return mine.lexicographicallyPrecedes(theirs) }
    // The same choices: a shorter merged clock step is simpler.
    let durations = { (outcome: SessionOutcome<Action>) in
      outcome.steps.map { $0.choices.duration ?? .zero }
    }
    return durations(outcome).lexicographicallyPrecedes(durations(other))
  }

  private static func flattened(_ outcome: SessionOutcome<Action>) -> [UInt64] {
    outcome.steps.flatMap {
      [UInt64($0.rank)] + $0.choices.listing + $0.choices.payload
    }
  }
}
