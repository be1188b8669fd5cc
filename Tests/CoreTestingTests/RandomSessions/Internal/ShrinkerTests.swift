@testable import CoreTesting
import Testing

/// The order shrinking keeps sessions in: fewer steps, then simpler steps and fewer or smaller
/// choices, so that every kept change makes the session smaller and shrinking ends.
@MainActor
struct ShrinkerTests {
  typealias Outcome = SessionOutcome<Int>
  private let key = StepKey(line: 1, column: 1, occurrence: 0)

  private func outcome(_ steps: [(rank: Int, payload: [UInt64])]) -> Outcome {
    var outcome = Outcome()
    outcome.steps = steps.map {
      .init(
        step: .send($0.rank), choices: StepChoices(key: key, payload: $0.payload),
        listed: [key], rank: $0.rank)
    }
    return outcome
  }

  @Test func fewerStepsAreSmallerWhateverTheirChoices() {
    let short = outcome([(5, [9, 9])])
    let long = outcome([(0, []), (0, [])])
    #expect(Shrinker<Int, Int>.isSmaller(short, than: long))
    #expect(!Shrinker<Int, Int>.isSmaller(long, than: short))
  }

  @Test func asManyStepsCompareByRankThenChoices() {
    let simpler = outcome([(0, [3]), (2, [])])
    let harder = outcome([(1, [0]), (0, [])])
    #expect(Shrinker<Int, Int>.isSmaller(simpler, than: harder))
    #expect(Shrinker<Int, Int>.isSmaller(outcome([(0, [1])]), than: outcome([(0, [2])])))
    #expect(Shrinker<Int, Int>.isSmaller(outcome([(0, [7])]), than: outcome([(0, [0, 0])])))
    #expect(!Shrinker<Int, Int>.isSmaller(simpler, than: simpler))
  }

  @Test func aShorterMergedClockStepIsSmaller() {
    var short = outcome([(0, [])])
    var long = short
    short.steps[0] = .init(
      step: .advanceClock(by: .seconds(1)),
      choices: StepChoices(key: key, duration: .seconds(1)), listed: [key], rank: 0)
    long.steps[0] = .init(
      step: .advanceClock(by: .seconds(2)),
      choices: StepChoices(key: key, duration: .seconds(2)), listed: [key], rank: 0)
    #expect(Shrinker<Int, Int>.isSmaller(short, than: long))
  }
}
