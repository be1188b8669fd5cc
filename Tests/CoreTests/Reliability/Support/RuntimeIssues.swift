@testable import Core

/// Captures the runtime issues Core reports while a piece of work runs, instead of printing
/// them, so a test can assert on what was reported (and that nothing else was).
///
/// ```swift
/// let issues = RuntimeIssues()
/// await issues.capture {
///   store.send(.something)
/// }
/// #expect(issues.messages.count == 1)
/// ```
///
/// The capture covers the tasks `body` starts, such as a store's effects, because the reporter
/// is a task-local value that child and unstructured tasks inherit.
final class RuntimeIssues: Sendable {
  private let storage = Locked<[(message: String, location: SourceLocation?)]>([])

  /// Every message reported so far, oldest first.
  var messages: [String] { storage.withLock { $0.map(\.message) } }

  /// Where each message said the problem is (`nil` when it named no place), oldest first.
  var locations: [SourceLocation?] { storage.withLock { $0.map(\.location) } }

  /// How many messages were reported so far.
  var count: Int { storage.withLock { $0.count } }

  /// The messages from position `start` on.
  func messages(from start: Int) -> [String] {
    storage.withLock { $0[min(start, $0.count)...].map(\.message) }
  }

  /// Records a message; the reporter installed by `capture`.
  func record(_ message: String, at location: SourceLocation? = nil) {
    storage.withLock { $0.append((message, location)) }
  }

  /// Runs `body`, capturing the issues it reports.
  @discardableResult
  func capture<R>(_ body: () throws -> R) rethrows -> R {
    try IssueReporting.$override.withValue(
      IssueReporter { [self] message, location in
        record(message, at: location)
      }
    ) {
      try body()
    }
  }

  /// Runs `body`, capturing the issues it and the tasks it starts report.
  @discardableResult
  func capture<R>(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> R
  ) async rethrows -> R {
    try await IssueReporting.$override.withValue(
      IssueReporter { [self] message, location in
        record(message, at: location)
      }
    ) {
      try await body()
    }
  }
}
