import Core
import CoreTesting
import Testing

@MainActor
struct RandomSessionShrinkingTests {
  @Test func findsTheBugAndShrinksItToTheSequenceThatNeedsIt() async {
    let sessions = RandomSessions(initialState: SavingCounter.State()) { SavingCounter() }
    sessions.invariant("the count is never negative") { $0.count >= 0 }
    var failure: RandomSessionFailure<SavingCounter.Action>?
    let captured = await capturingTestFailures {
      failure = await sessions.run(count: 200, length: 40, seed: 42, actions: SavingCounter.steps)
    }
    #expect(captured.count == 1)
    #expect(failure?.rule == "invariant 'the count is never negative'")
    #expect(
      failure?.steps == [
        .send(.incrementTapped),
        .send(.lockTapped),
        .send(.saveTapped),
        .advanceClock(by: .seconds(1)),
        .send(.decrementTapped),
      ])
    #expect(failure?.step == 5)
  }
}
