import CoreTesting
import Testing

/// Runs `body` and returns every test failure it caused, kept from the test runner so that a
/// failure the test expects does not show in `swift test`'s output; a test that expects one and
/// gets none fails (see ``expectOneIssue(_:atLine:fileID:containing:sourceLocation:)``).
///
/// `knownIssuesReachSwiftTesting` checks the runner path itself.
@MainActor
func recordedIssues(_ body: () async -> Void) async -> [CapturedTestFailure] {
  await capturingTestFailures(body)
}

/// Expects exactly one issue, recorded at `line` of `fileID`, whose message contains each of
/// `fragments`.
func expectOneIssue(
  _ issues: [CapturedTestFailure], atLine line: Int, fileID: String = #fileID,
  containing fragments: [String], sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(issues.count == 1, "issues: \(issues)", sourceLocation: sourceLocation)
  guard let issue = issues.first else { return }
  #expect(issue.location.map { Int($0.line) } == line, sourceLocation: sourceLocation)
  #expect(issue.location.map { "\($0.fileID)" } == fileID, sourceLocation: sourceLocation)
  for fragment in fragments {
    #expect(
      issue.message.contains(fragment), "\(fragment) not in:\n\(issue.message)",
      sourceLocation: sourceLocation)
  }
}
