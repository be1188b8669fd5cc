import Core
import CoreTesting
import Orders
import PlantedBugs

/// How surely random sessions find a bug: Orders' sessions run over 20 seeds against each
/// mutant of Orders with a planted bug, each bug needing a few steps to a dozen and some an
/// effect on the clock, at 100, 200 (the default budget) and 300 sessions of 50 steps. For
/// each, the share of seeds that found it, the share of those shrunk to its shortest session
/// (with the lengths of the others), and the time a run took, shrinking included. The target:
/// at the budget the bug's depth calls for (``OrdersMutant/sessions``), each bug found in at
/// least 90% of seeds and shrunk to its shortest in at least 90% of those.
@MainActor
enum DetectionCases {
  static func run(_ run: BenchmarkRun) async {
    guard run.wants("detection") else { return }
    let seeds: [UInt64] = Array(1...(run.isQuick ? 2 : 20))
    var verdicts: [String] = []
    for count in [100, 200, 300] {
      print("Detection of planted bugs (Orders, \(count) sessions of 50 steps a run):")
      print("  bug                              found   minimal   time a run   longer")
      for mutant in OrdersMutant.allCases {
        let result = await report(mutant, count: count, seeds: seeds)
        guard count == mutant.sessions else { continue }
        let met = result.found * 10 >= seeds.count * 9 && result.minimal * 10 >= result.found * 9
        verdicts.append(
          "  \(mutant.rawValue) at \(count) sessions: found \(result.found)/\(seeds.count), "
            + "shortest \(result.minimal)/\(result.found): \(met ? "met" : "NOT MET")")
      }
    }
    print("Detection target (found in 90% of seeds, shrunk to the shortest in 90% of those):")
    verdicts.forEach { print($0) }
  }

  private static func report(_ mutant: OrdersMutant, count: Int, seeds: [UInt64]) async -> (
    found: Int, minimal: Int
  ) {
    var found = 0
    var longer: [Int] = []
    let start = ContinuousClock.now
    for seed in seeds {
      let sessions = OrdersSessions.sessions { mutant.reducer }
      var failure: RandomSessionFailure<OrdersFeature.Action>?
      _ = await capturingTestFailures {
        failure = await sessions.run(count: count, seed: seed, actions: OrdersSessions.steps)
      }
      guard let failure else { continue }
      found += 1
      if failure.steps.count > mutant.minimalSteps { longer.append(failure.steps.count) }
    }
    let perRun = start.duration(to: .now) / seeds.count
    let name = mutant.rawValue.padding(toLength: 32, withPad: " ", startingAt: 0)
    let time = perRun.formatted(.units(allowed: [.seconds, .milliseconds], width: .narrow))
    let minimal = found - longer.count
    print(
      "  \(name) \(found)/\(seeds.count)   \(minimal)/\(found)   "
        + "\(time.padding(toLength: 12, withPad: " ", startingAt: 0)) "
        + (longer.isEmpty ? "" : "\(longer.map(String.init).joined(separator: ", ")) steps"))
    return (found, minimal)
  }
}
