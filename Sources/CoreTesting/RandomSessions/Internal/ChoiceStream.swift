/// Where every random decision of a session comes from: a sequence of choices, each a number
/// below a bound the session gives, 0 being the simplest answer.
///
/// A new session draws its choices from a seeded generator and notes them; a session being
/// shrunk reads them from an edited sequence, and reads 0 past its end. Since a session is a
/// function of its choices, deleting the choices of a step deletes the step, and lowering a
/// choice simplifies what was drawn with it (a shorter string, a smaller number, an earlier
/// element), while every action is still drawn against the state the session has reached.
final class ChoiceStream {
  private var random: SplitMix64?
  private let given: [UInt64]
  /// The choices read so far, each below the bound it was read with.
  private(set) var used: [UInt64] = []

  /// A stream of new random choices.
  init(seed: UInt64) {
    random = SplitMix64(seed: seed)
    given = []
  }

  /// A stream that reads `choices`, then 0.
  init(replaying choices: [UInt64]) {
    random = nil
    given = choices
  }

  /// Whether the choices come from a generator rather than a given sequence.
  var isGenerating: Bool { random != nil }

  /// The next choice, below `bound` (at least 1). A new session asks `generate` for it (given
  /// the generator, returning a number below `bound`), so that a generator can favour edge
  /// cases; a replayed one reads it, folded below `bound` when the state changed under it.
  func draw(
    below bound: UInt64, generate: (inout SplitMix64) -> UInt64 = { _ in 0 }
  ) -> UInt64 {
    let bound = max(bound, 1)
    let value: UInt64
    if var generator = random {
      value = min(generate(&generator), bound - 1)
      random = generator
    } else if used.count < given.count {
      let given = given[used.count]
      value = given < bound ? given : given % bound
    } else {
      value = 0
    }
    used.append(value)
    return value
  }

  /// A choice below `bound`, uniform in a new session.
  func uniform(below bound: UInt64) -> UInt64 {
    draw(below: bound) { $0.next(below: max(bound, 1)) }
  }
}
