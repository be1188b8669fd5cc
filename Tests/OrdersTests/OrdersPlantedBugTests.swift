import Core
import CoreTesting
import Orders
import PlantedBugs
import Testing

/// Planted bugs in Orders whose first failing session has another shape than the shortest one,
/// shrunk to the shortest all the same: the seeds are those of the detection report where
/// shrinking used to stop a step or three longer.
@MainActor
struct OrdersPlantedBugTests {
  private func shrunk(_ mutant: OrdersMutant, seed: UInt64) async
    -> [RandomSessionStep<OrdersFeature.Action>]?
  {
    let sessions = OrdersSessions.sessions { mutant.reducer }
    var failure: RandomSessionFailure<OrdersFeature.Action>?
    _ = await capturingTestFailures {
      failure = await sessions.run(count: 200, seed: seed, actions: OrdersSessions.steps)
    }
    return failure?.steps
  }

  /// Five additions of 20 become two: two steps of one call that drew the same numbers merge
  /// with one number added, since the step cannot tell which is the amount.
  @Test func equalAdditionsMergeIntoTheTwoThatCrossTheLimit() async throws {
    let steps = try #require(await shrunk(.addedQuantitiesCrossTheLimit, seed: 18))
    #expect(steps.count == OrdersMutant.addedQuantitiesCrossTheLimit.minimalSteps, "\(steps)")
  }

  /// Four new orders, two of them submitted and one deleted: deleting a new order moves the
  /// later steps' chosen orders down by one, so the same two are still submitted.
  @Test func deletingANewOrderKeepsTheLaterStepsOnTheirOrders() async throws {
    let steps = try #require(await shrunk(.pointsAfterADeletion, seed: 18))
    #expect(steps.count == OrdersMutant.pointsAfterADeletion.minimalSteps, "\(steps)")
  }

  /// A second submission a second after the first, then the first deleted once confirmed:
  /// moving the submission past the clock step after it (its effect given the same time to
  /// land) lets the two clock steps merge, one step shorter.
  @Test func aSubmissionMovesPastTheClockStepAfterIt() async throws {
    let steps = try #require(await shrunk(.pointsAfterADeletion, seed: 6))
    #expect(steps.count == OrdersMutant.pointsAfterADeletion.minimalSteps, "\(steps)")
    #expect(
      steps.filter {
        if case .advanceClock = $0 { true } else { false }
      }.count == 2)
  }
}
