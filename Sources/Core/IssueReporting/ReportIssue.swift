/// Reports a problem the program can survive: a test failure in a test, a runtime warning on
/// standard error in an app.
///
/// Call it where something happened that should not, but that need not crash: a dependency
/// used where it was not meant to be, a response the feature cannot make sense of.
///
/// ```swift
/// case let .loaded(items):
///   guard !items.isEmpty else {
///     reportIssue("The service answered an empty page; nothing to show.")
///     return .none
///   }
/// ```
///
/// Where it reports:
/// - In a test, it is a test failure at the line that called `reportIssue`, recorded with
///   whichever runner runs the test (Swift Testing or XCTest): whether a `TestStore` runs the
///   work that calls it (its reducer, the effects it returns, the dependencies they read) or
///   the test calls it itself (a unit test of a client, a helper outside any store). The test
///   target must link `CoreTesting`, which every test target using `TestStore` does. A test
///   that expects the issue wraps the step in Swift Testing's `withKnownIssue`.
/// - Anywhere else (in an app, or work that no test is waiting on), it writes
///   `File.swift:12: [Core] runtime issue: <message>` to standard error and returns. An app
///   links no test framework: Core finds `CoreTesting`'s recorder at run time, by name.
///
/// - Parameters:
///   - message: What happened, and how to fix it.
///   - fileID: The file ID to report at; the caller's by default.
///   - filePath: The file path to report at; the caller's by default.
///   - line: The line to report at; the caller's by default.
///   - column: The column to report at; the caller's by default.
public func reportIssue(
  _ message: @autoclosure () -> String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let text = message()
  IssueReporting.reportAtCallersLine(
    text.isEmpty ? "An issue was reported." : text,
    at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

extension IssueReporting {
  /// Whether the issue being reported is to be recorded at the location it carries (the line
  /// that called `reportIssue` or wrote `unimplemented`) rather than at the test step whose
  /// work reported it. Read by the reporter in force while it handles the issue.
  @TaskLocal package static var isAtCallersLine = false

  /// Reports `message`, to be recorded at `location`, the caller's line, in any test.
  package static func reportAtCallersLine(_ message: String, at location: SourceLocation) {
    $isAtCallersLine.withValue(true) { report(message, at: location) }
  }
}
