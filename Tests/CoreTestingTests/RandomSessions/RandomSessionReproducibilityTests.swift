import Core
import CoreTesting
import TestSupport
import Testing

/// Counts taps in a global, as a reducer should not: a session is then not a function of its
/// choices, and its failure does not come back when it is run again.
private struct GlobalTaps: Reducer {
  @MainActor static var taps = 0
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case tapped }

  var body: some Reducer<State, Action> {
    Reduce { state, _ in
      MainActor.assumeIsolated { Self.taps += 1 }
      state.count = MainActor.assumeIsolated { Self.taps }
      return .none
    }
  }
}

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

  @Test func aFailureThatDoesNotComeBackSaysSoAndNamesTheLikelyCauses() async {
    GlobalTaps.taps = 0
    let sessions = RandomSessions(initialState: GlobalTaps.State()) { GlobalTaps() }
    sessions.invariant("the count is never 17") { $0.count != 17 }
    var failure: RandomSessionFailure<GlobalTaps.Action>?
    let captured = await capturingTestFailures {
      failure = await sessions.run(count: 10, length: 30, seed: 1) { _, next in
        next.send(.tapped)
      }
    }
    #expect(failure?.isReproduced == false)
    let message = captured.first?.message ?? ""
    #expect(message.contains("did not fail this way again when run once more"))
    #expect(message.contains("reads the date, random numbers or global state directly"))
    let causes = ["reads the date", "effects wait on something other"].map {
      message.range(of: $0)?.lowerBound
    }
    #expect(causes[0] != nil && causes[1] != nil && causes[0]! < causes[1]!)
  }

  @Test func aFailureThatComesBackIsReproduced() async {
    let sessions = RandomSessions(initialState: SavingCounter.State()) { SavingCounter() }
    sessions.invariant("the count is never negative") { $0.count >= 0 }
    var failure: RandomSessionFailure<SavingCounter.Action>?
    _ = await capturingTestFailures {
      failure = await sessions.run(count: 200, length: 40, seed: 7, actions: SavingCounter.steps)
    }
    #expect(failure?.isReproduced == true)
    #expect(failure?.message.contains("did not fail this way again") == false)
  }
}
