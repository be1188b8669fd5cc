import Core
import CoreTesting
import TestSupport
import Testing

@MainActor
struct RandomSessionRuleTests {
  private func counterSessions() -> RandomSessions<SavingCounter.State, SavingCounter.Action> {
    let sessions = RandomSessions(initialState: SavingCounter.State()) { SavingCounter() }
    return sessions
  }

  @Test func aBrokenInvariantNamesTheRuleTheStepAndTheChange() async {
    let sessions = counterSessions()
    sessions.invariant("the count is never negative") { $0.count >= 0 }
    var failure: RandomSessionFailure<SavingCounter.Action>?
    let runLine: UInt = #line + 2
    let captured = await capturingTestFailures {
      failure = await sessions.run(count: 200, length: 40, seed: 42, actions: SavingCounter.steps)
    }
    let message = captured.first?.message ?? ""
    #expect(captured.first?.location?.line == runLine)
    #expect(
      message.hasPrefix(
        "A random session broke the invariant 'the count is never negative' at step 5 "))
    #expect(message.contains("seed 42; rerun with RANDOM_SESSION_SEED=42"))
    #expect(
      message.contains(
        """
          4. advanceClock(by: .seconds(1))
               received .saveFinished(1)
          5. send(.decrementTapped)  <- breaks it

        What '.decrementTapped' changed (- before, + after):

          - count: 1
          + count: -1
        """))
    #expect(failure?.details.contains("+ count: -1") == true)
  }

  @Test func aTransitionRuleSeesTheStateBeforeAndAfter() async {
    let sessions = counterSessions()
    sessions.transition("a decrement takes one away") { before, _, after in
      after.count >= before.count - 1
    }
    var failure: RandomSessionFailure<SavingCounter.Action>?
    _ = await capturingTestFailures {
      failure = await sessions.run(count: 200, length: 40, seed: 42, actions: SavingCounter.steps)
    }
    #expect(failure?.rule == "transition rule 'a decrement takes one away'")
    #expect(failure?.steps.last == .send(.decrementTapped))
    #expect(failure?.step == failure?.steps.count)
  }

  @Test func aModelThatDiffersShowsTheModelAgainstTheState() async {
    let sessions = counterSessions()
    sessions.model("the count", initial: 0) { count, action in
      switch action {
      case .incrementTapped: count += 1
      case .decrementTapped: count -= 1
      default: break
      }
    } projection: {
      $0.count
    }
    var failure: RandomSessionFailure<SavingCounter.Action>?
    _ = await capturingTestFailures {
      failure = await sessions.run(count: 200, length: 40, seed: 42, actions: SavingCounter.steps)
    }
    #expect(failure?.rule == "model 'the count'")
    #expect(
      failure?.details == """
        The model and the state's projection differ after '.decrementTapped' (- model, + state):

          - value: 0
          + value: -1
        """)
  }

  @Test func anEffectsFeedbackIsCheckedToo() async {
    let sessions = counterSessions()
    sessions.invariant("nothing is saved") { $0.saved == nil }
    var failure: RandomSessionFailure<SavingCounter.Action>?
    _ = await capturingTestFailures {
      failure = await sessions.run(count: 50, length: 20, seed: 1, actions: SavingCounter.steps)
    }
    #expect(failure?.steps == [.send(.saveTapped), .advanceClock(by: .seconds(1))])
    #expect(failure?.message.contains("received .saveFinished(0)  <- breaks it") == true)
  }

  @Test func aTransitionRuleSeesTheActionThatCausedTheChange() async {
    let sessions = counterSessions()
    sessions.transition("only a save's end changes what is saved") { before, action, after in
      if case .saveFinished = action { return true }
      return before.saved == after.saved
    }
    sessions.transition("a lock changes the count") { before, action, after in
      action != .lockTapped || before.count != after.count
    }
    var failure: RandomSessionFailure<SavingCounter.Action>?
    _ = await capturingTestFailures {
      failure = await sessions.run(count: 50, length: 20, seed: 1, actions: SavingCounter.steps)
    }
    #expect(failure?.reason == .transition("a lock changes the count"))
    #expect(failure?.steps == [.send(.lockTapped)])
  }
}
