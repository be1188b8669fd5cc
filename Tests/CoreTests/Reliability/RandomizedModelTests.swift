import Foundation
import Testing

@testable import Core

/// Drives a scope tree with thousands of seeded random steps and checks the store against a
/// plain reference model after every step (see `ModelRun`).
///
/// Reproduce or extend a run with environment variables:
/// `RELIABILITY_SEEDS=12345,678 RELIABILITY_STEPS=20000 swift test --filter RandomizedModelTests`.
@MainActor
@Suite struct RandomizedModelTests {
  nonisolated static let seeds: [UInt64] = {
    let text = ProcessInfo.processInfo.environment["RELIABILITY_SEEDS"] ?? ""
    let seeds = text.split(separator: ",").compactMap {
      UInt64($0.trimmingCharacters(in: .whitespaces))
    }
    return seeds.isEmpty ? [1, 2024, 0xC0FFEE, 0xDEAD_BEEF, 7_777_777] : seeds
  }()

  nonisolated static let steps: Int = {
    ProcessInfo.processInfo.environment["RELIABILITY_STEPS"].flatMap { Int($0) } ?? 4_000
  }()

  @Test(arguments: seeds)
  func storeMatchesReferenceModel(seed: UInt64) async {
    let issues = RuntimeIssues()
    let replay = "RELIABILITY_SEEDS=\(seed) swift test --filter RandomizedModelTests"
    let result = await issues.capture { () async -> (ModelRun.Coverage, [WeakReference])? in
      let run = ModelRun(seed: seed, issues: issues)
      let differences = run.start()
      guard differences.isEmpty else {
        Issue.record("seed \(seed), setup: \(differences.joined(separator: "\n"))\n\(replay)")
        return nil
      }
      var history: [String] = []
      for index in 0..<Self.steps {
        let (differences, description) = await run.step()
        history.append("\(index): \(description)")
        if history.count > 8 { history.removeFirst() }
        guard differences.isEmpty else {
          Issue.record(
            """
            The store disagrees with the reference model (seed \(seed), step \(index)).
            \(differences.joined(separator: "\n"))
            Last steps:
            \(history.joined(separator: "\n"))
            Reproduce: \(replay)
            """)
          return nil
        }
      }
      return (run.coverage, run.tearDown())
    }
    guard let (coverage, stores) = result else { return }
    // With the run released, nothing may keep a store alive: no effect, observer or scope.
    let alive = stores.compactMap(\.object).map { "\($0)" }
    #expect(alive.isEmpty, "seed \(seed): stores still alive after release: \(alive)")
    // Scaled to the run's length; a run of the default length clears each by a wide margin.
    guard Self.steps >= 2_000 else { return }
    let scale = Self.steps / 1_000
    #expect(coverage.droppedSends > 5 * scale, "seed \(seed): \(coverage)")
    #expect(coverage.feedbacks > 2 * scale, "seed \(seed): \(coverage)")
    #expect(coverage.echoes > 0, "seed \(seed): \(coverage)")
    #expect(coverage.released > 25 * scale, "seed \(seed): \(coverage)")
    #expect(coverage.observersEnded > 25 * scale, "seed \(seed): \(coverage)")
    #expect(coverage.issues[.ifLetNil, default: 0] > 0, "seed \(seed): \(coverage)")
    #expect(coverage.issues[.forEachMissing, default: 0] > 0, "seed \(seed): \(coverage)")
  }
}
