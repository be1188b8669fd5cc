import Core
import CoreTesting
import Testing

@MainActor
struct RandomSessionReproducibilityTests {
  @Test func theSameSeedRunsTheSameSessions() async {
    func failure() async -> RandomSessionFailure<SavingCounter.Action>? {
      let sessions = RandomSessions(initialState: SavingCounter.State()) { SavingCounter() }
      sessions.invariant("the count is never negative") { $0.count >= 0 }
      var failure: RandomSessionFailure<SavingCounter.Action>?
      _ = await capturingTestFailures {
        failure = await sessions.run(count: 200, length: 40, seed: 7, actions: SavingCounter.steps)
      }
      return failure
    }
    let first = await failure()
    let second = await failure()
    #expect(first != nil)
    #expect(first?.originalStepCount == second?.originalStepCount)
    #expect(first?.steps == second?.steps)
    #expect(first?.testSource == second?.testSource)
  }

  @Test func sessionsThatKeepTheRulesReportNothing() async {
    let sessions = RandomSessions(initialState: SavingCounter.State()) { SavingCounter() }
    sessions.invariant("the lock toggles only") { $0.isLocked || !$0.isLocked }
    let captured = await capturingTestFailures {
      #expect(
        await sessions.run(count: 20, length: 30, seed: 3, actions: SavingCounter.steps) == nil)
    }
    #expect(captured.isEmpty)
  }
}
