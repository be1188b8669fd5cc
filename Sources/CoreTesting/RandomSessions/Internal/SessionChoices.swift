/// Where every random decision of a session comes from: for each step, numbers below bounds the
/// session gives (0 being the simplest answer) and the step taken.
///
/// A new session draws from a seeded generator and notes what it drew, step by step
/// (``StepChoices``); a session being shrunk or replayed reads the steps' choices back, each
/// step its own, reading 0 past their end and the largest number below a smaller bound for one
/// past it. Since a session is a function of its choices, deleting a step's choices deletes
/// the step, and lowering a choice simplifies what was drawn with it (a shorter string, a smaller number, an
/// earlier element), while every action is still drawn against the state the session reached.
final class SessionChoices {
  private enum Phase {
    case listing
    case payload
  }

  /// What each generator call drew last in this session, by the call's site.
  private var lastDrawn: [UInt64: UInt64] = [:]
  /// Whether a new session often draws again, at a generator call, what that call drew last:
  /// three times in four, each time. A feature's bugs often need the same value twice (the
  /// same product added again, an edit of the row just added, the newest order each time),
  /// which independent draws rarely give; sessions that repeat give it often, and the others
  /// keep the variety. Swarm testing's idea, applied to values.
  var repeats = false

  /// The generator of a new session while it draws; `nil` while replaying.
  private var random: SplitMix64?
  /// The generator a new session draws from once its replayed prefix is done.
  private var generator: SplitMix64?
  /// Which kinds of step a new session takes, for swarm testing; `nil` to take any.
  private var swarm: Swarm?
  /// The steps a replay reads, and the next one.
  private let replayed: [StepChoices]
  private var nextReplayed = 0
  /// The step being replayed.
  private var current: StepChoices?
  private var phase = Phase.listing
  private var position = 0
  /// The steps listed at the step before, in a new session.
  private var previousKeys: [StepKey] = []

  /// How much more often a new session takes a step that was not listed at the step before.
  static var newStepBoost: UInt64 { 8 }

  /// What the step being taken read so far.
  private var listing: [UInt64] = []
  private var payload: [UInt64] = []

  /// A new session's choices, drawn from `seed` after the steps of `prefix` (replayed); with
  /// `swarm`, it takes only the kinds of step that swarm enables.
  init(seed: UInt64, swarm: Swarm?, after prefix: [StepChoices] = []) {
    generator = SplitMix64(seed: seed)
    random = prefix.isEmpty ? generator : nil
    self.swarm = swarm
    replayed = prefix
  }

  /// A session that reads `steps`' choices again.
  init(replaying steps: [StepChoices]) {
    replayed = steps
  }

  /// Whether the step being taken reads its choices back rather than draws them.
  var isReplaying: Bool { random == nil }

  /// Starts the next step; `false` when a replay has no step left.
  func beginStep() -> Bool {
    listing.removeAll(keepingCapacity: true)
    payload = []
    phase = .listing
    position = 0
    guard random == nil else { return true }
    guard nextReplayed < replayed.count else {
      // A new session goes on drawing after its prefix.
      guard let generator else { return false }
      random = generator
      current = nil
      return true
    }
    current = replayed[nextReplayed]
    nextReplayed += 1
    return true
  }

  /// The next choice, below `bound` (at least 1). A new session asks `generate` for it (given
  /// the generator, returning a number below `bound`), so that a generator can favour edge
  /// cases; a replay reads it.
  func draw(
    below bound: UInt64, at site: UInt64?, generate: (inout SplitMix64) -> UInt64 = { _ in 0 }
  ) -> UInt64 {
    let bound = max(bound, 1)
    let value: UInt64
    if var generator = random {
      if repeats, let site, let last = lastDrawn[site], last < bound,
        generator.next(below: 4) != 0
      {
        value = last
      } else {
        value = min(generate(&generator), bound - 1)
      }
      random = generator
    } else {
      // A choice past a smaller bound reads the last option: an index into a list that a
      // deleted step made shorter still picks its newest element, where the deleted step's
      // row would have been last too.
      let given = (phase == .listing ? current?.listing : current?.payload) ?? []
      let read = position < given.count ? given[position] : 0
      value = min(read, bound - 1)
      position += 1
    }
    if repeats, let site { lastDrawn[site] = value }
    switch phase {
    case .listing: listing.append(value)
    case .payload: payload.append(value)
    }
    return value
  }

  /// A choice below `bound`, uniform in a new session.
  func uniform(below bound: UInt64, at site: UInt64?) -> UInt64 {
    draw(below: bound, at: site) { $0.next(below: max(bound, 1)) }
  }

  /// Which of the listed steps to take, by index: in a new session one of those swarm
  /// enables, by weight; in a replay the one with the replayed step's key, or `nil` when it is
  /// not listed (the step is left out). Weights are at most `NextSteps.maximumWeight`.
  func pick(_ keys: [StepKey], weights: [UInt64]) -> Int? {
    guard !keys.isEmpty else { return nil }
    defer {
      phase = .payload
      position = 0
    }
    guard var generator = random else {
      return current.flatMap { keys.firstIndex(of: $0.key) }
    }
    defer {
      random = generator
      previousKeys = keys
    }
    var allowed = keys.indices.filter { swarm?.isEnabled(keys[$0].site) ?? true }
    if allowed.isEmpty { allowed = Array(keys.indices) }
    // A step listed now but not at the step before (a dialog's button, a pushed screen's back
    // button) is taken more often, as a user answers what just appeared: a question the next
    // step would dismiss is answered often enough for what follows the answer to be tested.
    let boosted = allowed.map { index -> UInt64 in
      let isNew = !previousKeys.isEmpty && !previousKeys.contains(keys[index])
      return weights[index] * (isNew ? Self.newStepBoost : 1)
    }
    var choice = generator.next(below: boosted.reduce(0, +))
    for (index, weight) in zip(allowed, boosted) {
      if choice < weight { return index }
      choice -= weight
    }
    return allowed.last
  }

  /// The choices of the step just taken, whose key is `key`.
  func endStep(key: StepKey) -> StepChoices {
    StepChoices(listing: listing, key: key, payload: payload, duration: current?.duration)
  }

  /// The duration a merged clock step takes instead of the one it drew, if any.
  var durationOverride: Duration? { current?.duration }
}
