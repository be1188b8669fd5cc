import Core
import Foundation

extension RandomSessions {
  /// Runs `count` random sessions of up to `length` steps each, and fails the test at this
  /// line for the first session that breaks a rule, shrunk to the shortest, simplest session
  /// that still breaks it.
  ///
  /// ```swift
  /// await sessions.run(count: 200, length: 50)
  /// ```
  ///
  /// It prints the run's seed first. The failure names the rule and the step, shows what the
  /// breaking action changed, lists the shrunk session with the actions effects fed back,
  /// gives the Swift source of a `TestStore` test of it and, for a `Codable` feature, the path
  /// of its recording in the temporary directory:
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
  /// - Parameters:
  ///   - count: How many sessions to run.
  ///   - length: How many steps each session takes, unless nothing is listed earlier.
  ///   - seed: The seed of the run; a new one each time when `nil`. The environment variable
  ///     `RANDOM_SESSION_SEED` overrides it.
  ///   - fileID: The file of the call, for the failure.
  ///   - filePath: The file path of the call, for XCTest.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  /// - Returns: The failure, or `nil` when every session kept the rules.
  @discardableResult
  public func run(
    count: Int = 100,
    length: Int = 50,
    seed: UInt64? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> RandomSessionFailure<Action>? {
    let location = Core.SourceLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    let runSeed: UInt64
    switch Self.environmentSeed {
    case .some(.some(let given)): runSeed = given
    case .some(.none):
      TestFailure.record(
        """
        RANDOM_SESSION_SEED is set to '\(Self.environmentSeedText ?? "")', which is not a \
        seed. To fix, set it to the number a run printed, or unset it.
        """, at: location)
      return nil
    case .none: runSeed = seed ?? UInt64.random(in: 0...UInt64.max)
    }
    let seed = runSeed
    print("Random sessions at \(location): seed \(seed) (RANDOM_SESSION_SEED=\(seed) reruns them)")
    guard listSteps != nil else {
      TestFailure.record(
        """
        'run' was called before 'actions': the sessions have no steps to take. To fix, list \
        them with 'sessions.actions { state, next in ... }'.
        """, at: location)
      return nil
    }
    let runner = SessionRunner(self)
    var seeds = SplitMix64(seed: seed)
    for session in 1...max(1, count) {
      let outcome = await runner.run(ChoiceStream(seed: seeds.next()), length: length)
      guard let broken = outcome.broken else { continue }
      let failure = await failure(
        of: outcome, rule: broken.rule, runner: runner, seed: seed, session: session,
        count: count)
      TestFailure.record(failure.message, at: location)
      return failure
    }
    return nil
  }

  /// Shrinks `outcome` and describes the shrunk session.
  private func failure(
    of outcome: SessionOutcome<Action>, rule: String, runner: SessionRunner<State, Action>,
    seed: UInt64, session: Int, count: Int
  ) async -> RandomSessionFailure<Action> {
    var shrinker = Shrinker(runner: runner, rule: rule)
    let shrunk = await shrinker.shrink(outcome)
    // Once more, recording it: the run shows whether the session breaks the rule again.
    let recording: URL? =
      makeRecordingReducer == nil
      ? nil
      : FileManager.default.temporaryDirectory.appendingPathComponent(
        "random-session-\(seed)-\(session)-\(UUID().uuidString.prefix(8)).jsonl")
    let final = await runner.run(
      ChoiceStream(replaying: shrunk.choices), length: .max, recordingTo: recording)
    let isReproduced = final.broken?.rule == rule
    let reported = isReproduced ? final : shrunk
    let written = recording.flatMap {
      FileManager.default.fileExists(atPath: $0.path) ? $0 : nil
    }
    let source = SessionSource.test(of: reported, setUp: testSource)
    let broken = reported.broken!
    return RandomSessionFailure(
      rule: broken.rule, step: broken.step, steps: reported.steps.map(\.step),
      originalStepCount: outcome.steps.count, details: broken.details, seed: seed,
      testSource: source, recording: written,
      message: SessionReport.message(
        reported, originalStepCount: outcome.steps.count, seed: seed, session: session,
        of: count, testSource: source, recording: written, shrinkRuns: shrinker.runs,
        isReproduced: isReproduced))
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
