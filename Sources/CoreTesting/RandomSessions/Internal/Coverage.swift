import Core

/// What the sessions of a run have done so far, for steering new sessions toward what they
/// have not: the kinds of action the store reduced (`view.submitButtonTapped`, the case path
/// of each action, payloads left out) and which kind followed which.
///
/// A session that reduces a kind, or a pair of kinds, that no session reduced before is kept
/// (its steps up to the last that did), and later sessions start with one of the kept ones and
/// go on at random from there: each new behaviour of the feature becomes a place to explore
/// from, as a coverage-guided fuzzer keeps inputs that reach new code. So a bug that needs a
/// submission, its cancellation, the answer to the question and the effect going on anyway is
/// reached step by step, each new pair of kinds found once being built on, rather than by
/// drawing the whole sequence at once.
///
/// Each kept session is gone on from a few times, the newest first, before any is taken again
/// at random: what a session just reached is explored at once, and is not pushed aside by what
/// later sessions find.
struct Coverage {
  private var seen: Set<String> = []
  /// Kept sessions' steps, oldest first, and how often a session went on from each.
  private var kept: [(steps: [StepChoices], tries: Int)] = []

  /// The most sessions kept; past it, a new one replaces the oldest.
  static var limit: Int { 256 }
  /// How many sessions go on from a kept one before it is taken only at random.
  static var tries: Int { 3 }

  /// Whether a session has been kept.
  var isEmpty: Bool { kept.isEmpty }

  /// Notes `outcome`'s reduced actions; keeps its steps up to the last step that reduced
  /// something new.
  mutating func note<Action>(_ outcome: SessionOutcome<Action>) {
    var previous = "start"
    var lastNew: Int?
    for (number, step) in outcome.steps.enumerated() {
      for reduced in step.reduced {
        let kind = Self.kind(of: reduced.action)
        if seen.insert(kind).inserted { lastNew = number }
        if seen.insert(previous + " > " + kind).inserted { lastNew = number }
        previous = kind
      }
    }
    guard let lastNew else { return }
    if kept.count >= Self.limit { kept.removeFirst() }
    kept.append((outcome.steps.prefix(lastNew + 1).map(\.choices), 0))
  }

  /// The kept session a new session goes on from: the newest gone on from fewer than
  /// ``tries`` times, else one at random; `nil` when none is kept.
  mutating func pick(_ random: inout SplitMix64) -> [StepChoices]? {
    guard !kept.isEmpty else { return nil }
    if let index = kept.lastIndex(where: { $0.tries < Self.tries }) {
      kept[index].tries += 1
      return kept[index].steps
    }
    return kept[Int(random.next(below: UInt64(kept.count)))].steps
  }

  /// The case path of an action: `view.submitButtonTapped`, `confirmation.presented.cancel`.
  static func kind(of action: Any) -> String {
    ActionCaseNames.of(action, limit: 4, throughSingleValues: false).joined(separator: ".")
  }
}
