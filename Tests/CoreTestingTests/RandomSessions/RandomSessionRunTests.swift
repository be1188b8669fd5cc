import Core
import CoreTesting
import TestSupport
import Testing

/// A run that tests nothing fails, and a misuse of the generators is reported, never a trap.
@MainActor
struct RandomSessionRunTests {
  private func counterSessions() -> RandomSessions<SavingCounter.State, SavingCounter.Action> {
    RandomSessions(initialState: SavingCounter.State()) { SavingCounter() }
  }

  @Test func aRunWhoseClosureListsNothingFails() async {
    let captured = await capturingTestFailures {
      await counterSessions().run(count: 20, length: 10) { _, _ in }
    }
    #expect(captured.count == 1)
    #expect(
      captured.first?.message.hasPrefix("None of the 20 random sessions sent an action") == true)
  }

  @Test func aRunThatListsActionsOnlyInStatesNeverReachedFails() async {
    let captured = await capturingTestFailures {
      await counterSessions().run(count: 20, length: 10) { state, next in
        if state.count > 100 { next.send(.decrementTapped) }
        next.advanceClock(by: .seconds(1))
      }
    }
    #expect(captured.count == 1)
    #expect(captured.first?.message.contains("sent an action") == true)
  }

  @Test(arguments: [(0, 10), (10, 0), (-1, 5)])
  func aRunOfNoSessionOrNoStepFails(count: Int, length: Int) async {
    let captured = await capturingTestFailures {
      await counterSessions().run(count: count, length: length, actions: SavingCounter.steps)
    }
    #expect(captured.count == 1)
    #expect(captured.first?.message.contains("runs no step, so it tests nothing") == true)
  }

  @Test func aHugeWeightIsTakenAsTheLargestAndReportedOnce() async {
    let captured = await capturingTestFailures {
      await counterSessions().run(count: 5, length: 10) { _, next in
        next.send(.incrementTapped, weight: .max)
        next.send(.lockTapped, weight: .max)
        next.send(.noteChanged(""))
      }
    }
    #expect(captured.count == 2)
    #expect(captured.allSatisfy { $0.message.contains("above the largest a step may have") })
  }

  @Test func aHugeStringLengthIsClampedAndReported() async {
    var longest = 0
    let captured = await capturingTestFailures {
      await counterSessions().run(count: 20, length: 5) { _, next in
        let note = next.string(maxLength: .max)
        longest = max(longest, note.count)
        next.send(.noteChanged(note))
      }
    }
    #expect(captured.count == 1)
    #expect(captured.first?.message.contains("'string(maxLength: \(Int.max))'") == true)
    #expect(longest <= NextSteps<SavingCounter.Action>.maximumStringLength)
  }
}
