import Core
import Foundation

/// The messages of random sessions' failures.
enum SessionReport {
  static func message<Action>(
    _ outcome: SessionOutcome<Action>, originalStepCount: Int, seed: UInt64, session: Int,
    of count: Int, testSource: String, recording: URL?, inspectorPage: URL?, shrinkRuns: Int,
    isReproduced: Bool
  ) -> String {
    guard let broken = outcome.broken else { return "" }
    let what: String
    switch broken.reason {
    case .issue: what = "reported an issue"
    case .effectDidNotSettle: what = "had an effect that did not settle"
    default: what = "broke the \(broken.reason)"
    }
    let stepText = broken.step == 0 ? "before its first step" : "at step \(broken.step)"
    var text = """
      A random session \(what) \(stepText) (session \(session) of \(count), seed \(seed); \
      rerun with RANDOM_SESSION_SEED=\(seed)). Shrunk from \(originalStepCount) \
      \(originalStepCount == 1 ? "step" : "steps") to \(outcome.steps.count) in \
      \(shrinkRuns) \(shrinkRuns == 1 ? "run" : "runs"):

      \(steps(of: outcome))

      \(broken.details)
      """
    if !isReproduced {
      text += """


        The shrunk session did not fail this way again when run once more, so the test below \
        may pass. Sessions replay the same way only when they are a function of their \
        choices; the likely causes, most likely first:
          1. the reducer, or the closure listing the steps, reads the date, random numbers or \
        global state directly, rather than through dependencies (`\\.date`, `\\.uuid`) and \
        the `next` generators;
          2. effects wait on something other than the session's clock: a real clock, a task \
        a dependency starts, another process.
        """
    }
    text += "\n\nThe shrunk session as a test:\n\n\(indented(testSource))"
    if let recording {
      text += "\n\nIts recording, for 'TestStore(replaying:)': \(recording.path)"
    }
    if let inspectorPage {
      text += "\nStep by step in a browser, the breaking action marked: \(inspectorPage.path)"
    }
    return text
  }

  /// What an inspector page says at the action where a session broke.
  static func note<Action>(_ broken: SessionOutcome<Action>.Break) -> String {
    switch broken.reason {
    case .issue: "The random session reported an issue here:\n\n\(broken.details)"
    case .effectDidNotSettle: "An effect did not settle after this step:\n\n\(broken.details)"
    default: "The random session broke the \(broken.reason) here:\n\n\(broken.details)"
    }
  }

  /// The details of a failure for effects that did not settle.
  static func unsettled(_ locations: [String], timeout: Duration) -> String {
    """
    After this step, \(locations.count == 1 ? "an effect" : "effects") neither ended nor slept \
    on the session's clock for \(timeout) with nothing else happening, so the session stopped \
    waiting. Created at:
    \(locations.map { "  \($0)" }.joined(separator: "\n"))

    Sessions wait for effects that compute, however long they take, but cannot move what they \
    do not drive. To fix, make the effect wait on the '\\.clock' dependency (the session's \
    clock), or give it a test dependency that answers at once; if it only computes for longer \
    than that, raise 'sessions.effectTimeout'.
    """
  }

  /// What makes a reported issue the same as another: where it was reported, and its message
  /// without the values in it (quoted text and numbers).
  static func signature(of issue: CapturedTestFailure) -> String {
    var kind = ""
    var quote: Character?
    for character in issue.message.prefix(while: { $0 != "\n" }) {
      if let open = quote {
        if character == open { quote = nil }
        continue
      }
      if character == "'" || character == "\"" || character == "`" {
        quote = character
        kind.append("…")
      } else if !character.isNumber {
        kind.append(character)
      }
    }
    return "issue at \(issue.location.map(\.description) ?? "?"): \(kind)"
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
