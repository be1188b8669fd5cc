import Core
import CoreTesting
import Foundation
import TestSupport
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

  /// Two increments, a save and the second its effect waits for: every seed finds those four
  /// steps, whatever the session that found the bug did between them.
  @Test func aFourStepBugWithTheClockShrinksToItsFourStepsForEverySeed() async {
    for seed: UInt64 in 1...50 {
      let sessions = RandomSessions(initialState: SavingCounter.State()) { SavingCounter() }
      sessions.invariant("the saved count is never above 1") { ($0.saved ?? 0) <= 1 }
      var failure: RandomSessionFailure<SavingCounter.Action>?
      _ = await capturingTestFailures {
        failure = await sessions.run(
          count: 200, length: 40, seed: seed, actions: SavingCounter.steps)
      }
      #expect(
        failure?.steps == [
          .send(.incrementTapped),
          .send(.incrementTapped),
          .send(.saveTapped),
          .advanceClock(by: .seconds(1)),
        ], "seed \(seed)")
    }
  }

  /// Add, rename, open, undo, redo: five steps of a list keyed by UUIDs with a stack screen,
  /// found by a model of its own type, shrunk to those five in every run.
  @Test func aFiveStepBugOfAHabitListShrinksToItsFiveSteps() async {
    for seed: UInt64 in 1...10 {
      let sessions = RandomSessions(initialState: Habits.State()) { Habits() }
      sessions.model("the names", initial: Habits.Model()) { model, action in
        model.update(action)
      } expected: {
        $0.names
      } projection: { state in
        Dictionary(uniqueKeysWithValues: state.habits.map { ($0.id, $0.name) })
      }
      var failure: RandomSessionFailure<Habits.Action>?
      _ = await capturingTestFailures {
        failure = await sessions.run(count: 300, length: 30, seed: seed, actions: Habits.steps)
      }
      #expect(
        failure?.steps == [
          .send(.addTapped),
          .send(.renamed(UUID(0), "")),
          .send(.openTapped(UUID(0))),
          .send(.undoTapped),
          .send(.redoTapped),
        ], "seed \(seed)")
      // The model's history is its own: the diff shows the names only.
      #expect(failure?.details.contains("undone") == false, "seed \(seed)")
    }
  }

  /// Clock steps next to each other become one step that lets the same time pass.
  @Test func consecutiveClockStepsMergeIntoOne() async {
    let sessions = RandomSessions(initialState: SavingCounter.State()) { SavingCounter() }
    sessions.invariant("the saved count is never above 1") { ($0.saved ?? 0) <= 1 }
    var failure: RandomSessionFailure<SavingCounter.Action>?
    _ = await capturingTestFailures {
      failure = await sessions.run(count: 200, length: 40, seed: 3) { state, next in
        next.send(.incrementTapped)
        if !state.isSaving { next.send(.saveTapped) }
        next.advanceClock(by: .milliseconds(250), weight: 3)
      }
    }
    #expect(
      failure?.steps == [
        .send(.incrementTapped),
        .send(.incrementTapped),
        .send(.saveTapped),
        .advanceClock(by: .seconds(1)),
      ])
  }
}
