import Synchronization
import Testing

/// Runs `body` as a known issue and returns every issue it recorded (the test fails if there
/// was none).
@MainActor
func recordedIssues(_ body: () async -> Void) async -> [Issue] {
  let log = IssueLog()
  await withKnownIssue {
    await body()
  } matching: { issue in
    log.append(issue)
    return true
  }
  return log.issues
}

/// Expects exactly one issue, recorded at `line` of `fileID`, whose message contains each of
/// `fragments`.
func expectOneIssue(
  _ issues: [Issue], atLine line: Int, fileID: String = #fileID, containing fragments: [String],
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(issues.count == 1, "issues: \(issues)", sourceLocation: sourceLocation)
  guard let issue = issues.first else { return }
  #expect(issue.sourceLocation?.line == line, sourceLocation: sourceLocation)
  #expect(issue.sourceLocation?.fileID == fileID, sourceLocation: sourceLocation)
  for fragment in fragments {
    #expect(
      issue.message.contains(fragment), "\(fragment) not in:\n\(issue.message)",
      sourceLocation: sourceLocation)
  }
}

extension Issue {
  /// The issue's comments, joined.
  var message: String { comments.map(\.rawValue).joined(separator: "\n") }
}

final class IssueLog: Sendable {
  private let storage = Mutex<[Issue]>([])
  func append(_ issue: Issue) { storage.withLock { $0.append(issue) } }
  var issues: [Issue] { storage.withLock { $0 } }
}
