/// Swarm testing: which kinds of step a new session may take.
///
/// Each session enables a random half of the calls in the actions closure (each decided the
/// first time the call lists a step) and takes only the steps those list; where every step
/// listed is disabled, it takes any of them. Sessions that leave out some kinds of step go
/// deeper into the others: a bug that needs eight submissions and a cancellation is not found
/// while deletions, edits and screens dilute every session, and some steps undo the progress
/// others make. Hypothesis uses it for its rule-based state machines (Groce et al., "Swarm
/// Testing", ISSTA 2012).
struct Swarm {
  private var random: SplitMix64
  private var enabled: [UInt64: Bool] = [:]

  init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  /// Whether the session takes steps that the call at `site` lists.
  mutating func isEnabled(_ site: UInt64) -> Bool {
    if let known = enabled[site] { return known }
    let isEnabled = random.next(below: 2) == 0
    enabled[site] = isEnabled
    return isEnabled
  }
}
