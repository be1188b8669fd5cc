@testable import CoreTesting
import Testing

/// Each step of a session reads choices of its own, and a replayed step is found by its key.
struct SessionChoicesTests {
  private let a = StepKey(line: 1, column: 1, occurrence: 0)
  private let b = StepKey(line: 2, column: 1, occurrence: 0)

  @Test func aReplayReadsEachStepsOwnChoicesThenZeros() {
    let choices = SessionChoices(replaying: [
      StepChoices(listing: [3], key: b, payload: [7, 9]),
      StepChoices(listing: [], key: a, payload: []),
    ])
    #expect(choices.beginStep())
    #expect(choices.draw(below: 10, at: nil) == 3)
    #expect(choices.draw(below: 10, at: nil) == 0)
    #expect(choices.pick([a, b], weights: [1, 1]) == 1)
    #expect(choices.draw(below: 5, at: nil) == 4)  // 7 read as the largest below 5
    #expect(choices.draw(below: 10, at: nil) == 9)
    #expect(choices.endStep(key: b) == StepChoices(listing: [3, 0], key: b, payload: [4, 9]))
    #expect(choices.beginStep())
    #expect(choices.pick([a, b], weights: [1, 1]) == 0)
    #expect(!choices.beginStep())
  }

  @Test func aRepeatingSessionOftenDrawsAgainWhatACallDrewLast() {
    func draws(repeating: Bool) -> (same: Int, other: Int) {
      let choices = SessionChoices(seed: 3, swarm: nil)
      choices.repeats = repeating
      var same = 0
      var other = 0
      var last: (UInt64, UInt64)?
      for _ in 0..<400 {
        _ = choices.beginStep()
        let drawn = (
          choices.uniform(below: 1_000, at: 1), choices.uniform(below: 1_000, at: 2)
        )
        if let last {
          if drawn.0 == last.0 { same += 1 }
          if drawn.1 == last.1 { other += 1 }
        }
        last = drawn
      }
      return (same, other)
    }
    let repeating = draws(repeating: true)
    // Three in four draws repeat, at each call on its own.
    #expect((250...350).contains(repeating.same))
    #expect((250...350).contains(repeating.other))
    let independent = draws(repeating: false)
    #expect(independent.same < 10)
  }

  @Test func aReplayedStepThatIsNotListedIsLeftOut() {
    let choices = SessionChoices(replaying: [StepChoices(key: b)])
    #expect(choices.beginStep())
    #expect(choices.pick([a], weights: [1]) == nil)
  }

  @Test func theSameSeedDrawsTheSameChoices() {
    func draws(_ seed: UInt64) -> [UInt64] {
      let choices = SessionChoices(seed: seed, swarm: Swarm(seed: seed))
      var drawn: [UInt64] = []
      for _ in 0..<20 {
        _ = choices.beginStep()
        drawn.append(choices.uniform(below: 1_000, at: nil))
        drawn.append(UInt64(choices.pick([a, b], weights: [3, 1]) ?? 9))
      }
      return drawn
    }
    #expect(draws(5) == draws(5))
    #expect(draws(5) != draws(6))
  }

  @Test func aPrefixIsReplayedThenTheSessionDraws() {
    let prefix = [StepChoices(listing: [4], key: b)]
    let choices = SessionChoices(seed: 1, swarm: nil, after: prefix)
    #expect(choices.beginStep())
    #expect(choices.isReplaying)
    #expect(choices.draw(below: 10, at: nil) == 4)
    #expect(choices.pick([a, b], weights: [1, 1]) == 1)
    #expect(choices.beginStep())
    #expect(!choices.isReplaying)
  }

  @Test func aSwarmSessionTakesOnlyTheStepsItEnablesUnlessNoneIsListed() {
    var swarm = Swarm(seed: 11)
    let sites = (1...40).map { StepKey(line: UInt($0), column: 1, occurrence: 0) }
    let enabled = sites.filter { swarm.isEnabled($0.site) }
    #expect(!enabled.isEmpty && enabled.count < sites.count)
    let choices = SessionChoices(seed: 3, swarm: Swarm(seed: 11))
    for _ in 0..<50 {
      _ = choices.beginStep()
      let index = choices.pick(sites, weights: Array(repeating: 1, count: sites.count))
      #expect(index.map { enabled.contains(sites[$0]) } == true)
    }
    let disabled = sites.filter { !enabled.contains($0) }
    _ = choices.beginStep()
    #expect(choices.pick(disabled, weights: Array(repeating: 1, count: disabled.count)) != nil)
  }
}
