import Core
import Foundation

/// The message of a random session's failure.
enum SessionReport {
  static func message<Action>(
    _ outcome: SessionOutcome<Action>, originalStepCount: Int, seed: UInt64, session: Int,
    of count: Int, testSource: String, recording: URL?, shrinkRuns: Int, isReproduced: Bool
  ) -> String {
    guard let broken = outcome.broken else { return "" }
    let ruleText = broken.rule == "issue" ? "reported an issue" : "broke the \(broken.rule)"
    let stepText = broken.step == 0 ? "before its first step" : "at step \(broken.step)"
    var text = """
      A random session \(ruleText) \(stepText) (session \(session) of \(count), seed \(seed); \
      rerun with RANDOM_SESSION_SEED=\(seed)). Shrunk from \(originalStepCount) \
      \(originalStepCount == 1 ? "step" : "steps") to \(outcome.steps.count) in \
      \(shrinkRuns) \(shrinkRuns == 1 ? "run" : "runs"):

      \(steps(of: outcome))

      \(broken.details)
      """
    if !isReproduced {
      text += """


        The shrunk session did not break the rule again when run once more: effects that wait \
        on something other than the session's clock (a task a dependency starts, a real \
        clock) make sessions differ from run to run.
        """
    }
    if outcome.hadBusyEffects {
      text += """


        Some effects were still busy when the session stopped waiting for them; make them \
        wait on the session's clock for sessions that replay the same way.
        """
    }
    text += "\n\nThe shrunk session as a test:\n\n\(indented(testSource))"
    if let recording {
      text += "\n\nIts recording, for 'TestStore(replaying:)': \(recording.path)"
    }
    return text
  }

  /// The numbered steps, each with the actions effects fed back during it, the one that broke
  /// the rule marked.
  static func steps<Action>(of outcome: SessionOutcome<Action>) -> String {
    var lines: [String] = []
    for (number, performed) in outcome.steps.enumerated() {
      let isBreaking = outcome.broken?.step == number + 1
      var line = "  \(number + 1). \(performed.step)"
      if isBreaking, outcome.broken?.reducedIndex == 0, case .send = performed.step {
        line += "  <- breaks it"
      }
      lines.append(line)
      for (offset, reduced) in performed.reduced.enumerated() where reduced.isFedBack {
        var line = "       received \(ValueDescription.of(reduced.action))"
        if isBreaking, outcome.broken?.reducedIndex == offset { line += "  <- breaks it" }
        lines.append(line)
        if isBreaking, let breaking = outcome.broken?.reducedIndex, offset >= breaking { break }
      }
    }
    return lines.isEmpty ? "  (no steps)" : lines.joined(separator: "\n")
  }

  /// `text` with each line indented by two spaces.
  static func indented(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : "  \($0)" }.joined(separator: "\n")
  }
}
