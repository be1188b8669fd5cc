import Core

/// Turns the runtime issues Core reports while a test store runs (an unimplemented dependency,
/// an effect's unhandled error) into test failures, each distinct message once per store.
///
/// A dependency without a test value reports every time it is read; one failure naming it is
/// enough, so repeats are dropped.
final class IssueSink: Sendable {
  private let reported = Locked<Set<String>>([])

  /// A reporter for `IssueReporting.$override` that records failures at `location`, the test
  /// step that caused the work, except an issue reported at the caller's line (`reportIssue`,
  /// `unimplemented`), which is recorded at that line.
  func reporter(at location: Core.SourceLocation) -> IssueReporter {
    IssueReporter { [self] message, reportedAt in
      let callersLine = IssueReporting.isAtCallersLine ? reportedAt : nil
      record(message, at: callersLine ?? location)
    }
  }

  /// Records `message` at `location` unless this sink recorded it before.
  func record(_ message: String, at location: Core.SourceLocation) {
    let isNew = reported.withLock { $0.insert(message).inserted }
    if isNew { TestFailure.record(message, at: location) }
  }
}
