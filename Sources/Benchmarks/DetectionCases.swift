import Core
import CoreTesting
import Orders
import PlantedBugs

/// How surely random sessions find a bug: Orders' sessions run over 20 seeds against each
/// mutant of Orders with a planted bug, each bug needing a few steps to a dozen and some an
/// effect on the clock, at 100 sessions of 50 steps and at the default budget (200 sessions of
/// 50 steps). For each, the share of seeds that found it, the share of those shrunk to its
/// shortest session, and the time a run took, shrinking included.
@MainActor
enum DetectionCases {
  static func run(_ run: BenchmarkRun) async {
    guard run.wants("detection") else { return }
    let seeds: [UInt64] = Array(1...(run.isQuick ? 2 : 20))
    for count in [100, 200] {
      print("Detection of planted bugs (Orders, \(count) sessions of 50 steps a run):")
      print("  bug                              found   minimal   time a run")
      for mutant in OrdersMutant.allCases {
        await report(mutant, count: count, seeds: seeds)
      }
    }
  }

  private static func report(_ mutant: OrdersMutant, count: Int, seeds: [UInt64]) async {
    var found = 0
    var minimal = 0
    let start = ContinuousClock.now
    for seed in seeds {
      let sessions = OrdersSessions.sessions { mutant.reducer }
      var failure: RandomSessionFailure<OrdersFeature.Action>?
      _ = await capturingTestFailures {
        failure = await sessions.run(count: count, seed: seed, actions: OrdersSessions.steps)
      }
      guard let failure else { continue }
      found += 1
      if failure.steps.count <= mutant.minimalSteps { minimal += 1 }
    }
    let perRun = start.duration(to: .now) / seeds.count
    let name = mutant.rawValue.padding(toLength: 32, withPad: " ", startingAt: 0)
    print(
      "  \(name) \(found)/\(seeds.count)   \(minimal)/\(found)   "
        + "\(perRun.formatted(.units(allowed: [.seconds, .milliseconds], width: .narrow)))")
  }
}
