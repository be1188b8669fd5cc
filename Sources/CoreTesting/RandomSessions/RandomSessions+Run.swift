import Core
import Foundation

extension RandomSessions {
  /// Runs `count` random sessions of up to `length` steps each, taking the steps
  /// `listSteps` lists, and fails the test at this line for the first session that breaks a
  /// rule, shrunk to the shortest, simplest session that still fails the same way.
  ///
  /// ```swift
  /// await sessions.run(count: 50, length: 30) { state, next in
  ///   next.send(.addButtonTapped)
  ///   if let id = next.element(of: state.rows.ids) {
  ///     next.send(.renameTapped(id, next.string()), weight: 3)
  ///   }
  ///   if !state.path.isEmpty { next.send(.backButtonTapped) }
  ///   next.advanceClock(by: .milliseconds(next.int(in: 0...2_000)))
  /// }
  /// ```
  ///
  /// `listSteps` lists on `next` the steps that make sense in the state, each with a weight,
  /// and draws payloads from `next`'s generators; the session takes one of them. List only
  /// what a user could do in the state: rename only a row that exists, go back only when a
  /// screen is pushed. When nothing is listed, the session ends.
  ///
  /// It prints the run's seed first. The failure names the rule and the step, shows what the
  /// breaking action changed, lists the shrunk session with the actions effects fed back,
  /// gives the Swift source of a `TestStore` test of it and, for a `Codable` feature, the path
  /// of its recording:
  ///
  /// ```
  /// A random session broke the invariant 'count is never negative' at step 2 (session 7 of
  /// 200, seed 1234; rerun with RANDOM_SESSION_SEED=1234). Shrunk from 38 steps to 2 in 96
  /// runs:
  ///
  ///   1. send(.saveTapped)
  ///   2. advanceClock(by: .seconds(1))
  ///        received .saved(-1)  <- breaks it
  /// ```
  ///
  /// A run in which no session sent an action fails too: the closure lists no action in the
  /// states the sessions reach, or `count` or `length` is 0.
  ///
  /// > Important: Draw only from `next`, never from another source of randomness: a session
  /// > must be a function of its choices to be replayed and shrunk.
  ///
  /// - Parameters:
  ///   - count: How many sessions to run: 200 by default, about 1.3 seconds on a feature with
  ///     effects in a debug build, enough to find nearly every time a bug that needs up to
  ///     about ten steps in a particular order; 300 for sequences a dozen steps deep with the
  ///     clock.
  ///   - length: How many steps each session takes, unless nothing is listed earlier.
  ///   - seed: The seed of the run; a new one each time when `nil`. The environment variable
  ///     `RANDOM_SESSION_SEED` overrides it.
  ///   - fileID: The file of the call, for the failure.
  ///   - filePath: The file path of the call, for XCTest.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  ///   - listSteps: Lists the steps that may come next in `state` on `next`.
  /// - Returns: The failure, or `nil` when every session kept the rules.
  @discardableResult
  public func run(
    count: Int = 200,
    length: Int = 50,
    seed: UInt64? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    actions listSteps: @escaping (_ state: State, _ next: NextSteps<Action>) -> Void
  ) async -> RandomSessionFailure<Action>? {
    let location = Core.SourceLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    return await run(count: count, length: length, seed: seed, listSteps, at: location)
  }

  /// Runs `count` random sessions of up to `length` steps each, of the steps given to
  /// ``actions(_:)``.
  @available(
    *, deprecated,
    message: "Give the steps to 'run': 'await sessions.run(count:length:) { state, next in ... }'."
  )
  @discardableResult
  public func run(
    count: Int = 200,
    length: Int = 50,
    seed: UInt64? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> RandomSessionFailure<Action>? {
    let location = Core.SourceLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    guard let listSteps else {
      TestFailure.record(
        """
        'run' was called before 'actions': the sessions have no steps to take. To fix, give \
        them to 'run': 'await sessions.run(count: 100, length: 50) { state, next in ... }'.
        """, at: location)
      return nil
    }
    return await run(count: count, length: length, seed: seed, listSteps, at: location)
  }

  private func run(
    count: Int, length: Int, seed given: UInt64?,
    _ listSteps: @escaping (State, NextSteps<Action>) -> Void, at location: Core.SourceLocation
  ) async -> RandomSessionFailure<Action>? {
    let seed: UInt64
    switch Self.environmentSeed {
    case .some(.some(let fromEnvironment)): seed = fromEnvironment
    case .some(.none):
      TestFailure.record(
        """
        RANDOM_SESSION_SEED is set to '\(Self.environmentSeedText ?? "")', which is not a \
        seed. To fix, set it to the number a run printed, or unset it.
        """, at: location)
      return nil
    case .none: seed = given ?? UInt64.random(in: 0...UInt64.max)
    }
    guard count > 0, length > 0 else {
      TestFailure.record(
        """
        'run(count: \(count), length: \(length))' runs no step, so it tests nothing. To fix, \
        give a count and a length of at least 1.
        """, at: location)
      return nil
    }
    print("Random sessions at \(location): seed \(seed) (RANDOM_SESSION_SEED=\(seed) reruns them)")
    let runner = SessionRunner(self, listSteps: listSteps, at: location)
    var seeds = SplitMix64(seed: seed)
    var sentAnAction = false
    var coverage = Coverage()
    for session in 1...count {
      let sessionSeed = seeds.next()
      // A third of the sessions (the first among them) take every kind of step, a third are
      // swarm sessions, and a third go on from a session that did something new (see
      // `Coverage`), for `length` steps more, up to three times `length` in all.
      var choices: SessionChoices
      var sessionLength = length
      var random = SplitMix64(seed: sessionSeed ^ 0x5DEE_CE66_D1CE_5EED)
      switch session % 3 {
      case 2 where !coverage.isEmpty:
        let prefix = coverage.pick(&random) ?? []
        sessionLength = min(prefix.count + length, 3 * length)
        choices = SessionChoices(seed: sessionSeed, swarm: nil, after: prefix)
      case 0:
        choices = SessionChoices(seed: sessionSeed, swarm: Swarm(seed: ~sessionSeed))
      default:
        choices = SessionChoices(seed: sessionSeed, swarm: nil)
      }
      // Half the sessions often draw again what each generator call drew before (see
      // `SessionChoices.repeats`).
      choices.repeats = random.next(below: 2) == 0
      let outcome = await runner.run(choices, length: sessionLength)
      runner.reportMisuses()
      coverage.note(outcome)
      if !sentAnAction {
        sentAnAction = outcome.steps.contains {
          if case .send = $0.step { true } else { false }
        }
      }
      guard outcome.broken != nil else { continue }
      let failure = await failure(
        of: outcome, runner: runner, seed: seed, session: session, count: count,
        at: location)
      TestFailure.record(failure.message, at: location)
      return failure
    }
    if !sentAnAction {
      TestFailure.record(
        """
        None of the \(count) random sessions sent an action: the closure given to 'run' listed \
        no action in the states they reached, so nothing was tested. To fix, list an action \
        that can be sent from the initial state, such as 'next.send(.onAppear)'.
        """, at: location)
    }
    return nil
  }

  /// Shrinks `outcome`, runs the shrunk session once more to check it fails the same way,
  /// and describes it.
  private func failure(
    of outcome: SessionOutcome<Action>, runner: SessionRunner<State, Action>,
    seed: UInt64, session: Int, count: Int, at location: Core.SourceLocation
  ) async -> RandomSessionFailure<Action> {
    let found = outcome.broken!
    // Waiting for an effect that does not settle takes the effect timeout at every try: such
    // a session is reported as found.
    let isUnsettled: Bool
    if case .effectDidNotSettle = found.reason { isUnsettled = true } else { isUnsettled = false }
    var shrinker = Shrinker(runner: runner, signature: found.signature)
    let shrunk = isUnsettled ? outcome : await shrinker.shrink(outcome)
    // Once more, recording it: the run shows whether the session fails the same way again.
    let recording =
      makeRecordingReducer == nil ? nil : FailureRecordings.url(seed: seed, at: location)
    let final = await runner.run(
      SessionChoices(replaying: shrunk.choices), length: .max, recordingTo: recording)
    let isReproduced = final.broken?.signature == found.signature
    let reported = isReproduced ? final : shrunk
    let written = recording.flatMap {
      FileManager.default.fileExists(atPath: $0.path) ? $0 : nil
    }
    let source = SessionSource.test(of: reported, setUp: testSource)
    let broken = reported.broken!
    let page = written.flatMap { recording in
      try? writeInspectorPage?(
        recording,
        InspectorMark(
          step: Self.actionNumber(of: broken, in: reported), note: SessionReport.note(broken)))
    }
    return RandomSessionFailure(
      reason: broken.reason, step: broken.step, steps: reported.steps.map(\.step),
      originalStepCount: outcome.steps.count, details: broken.details, seed: seed,
      testSource: source, recording: written, inspectorPage: page, isReproduced: isReproduced,
      message: SessionReport.message(
        reported, originalStepCount: outcome.steps.count, seed: seed, session: session,
        of: count, testSource: source, recording: written, inspectorPage: page,
        shrinkRuns: shrinker.runs, isReproduced: isReproduced))
  }

  /// The number, from 1, of the action during which `broken` broke among every action the
  /// session reduced (what its recording numbers); 0 when the initial state broke the rule.
  static func actionNumber(
    of broken: SessionOutcome<Action>.Break, in outcome: SessionOutcome<Action>
  ) -> Int {
    guard broken.step > 0 else { return 0 }
    let before = outcome.steps.prefix(broken.step - 1).reduce(0) { $0 + $1.reduced.count }
    let during = outcome.steps[broken.step - 1].reduced.count
    return before + min((broken.reducedIndex ?? during - 1) + 1, max(during, 1))
  }

  /// The text of `RANDOM_SESSION_SEED`, if set.
  static var environmentSeedText: String? {
    ProcessInfo.processInfo.environment["RANDOM_SESSION_SEED"]
  }

  /// The seed `RANDOM_SESSION_SEED` gives: `nil` when unset, `.some(nil)` when it is not a
  /// number.
  static var environmentSeed: UInt64?? {
    guard let text = environmentSeedText?.trimmingCharacters(in: .whitespaces) else {
      return nil
    }
    return .some(UInt64(text))
  }
}
