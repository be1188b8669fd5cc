import Foundation

/// Where Core sends runtime issues: misuse it can survive (an action sent to a store whose
/// state is gone, an action for a screen not in a stack, an unhandled effect error, an
/// unimplemented test dependency) and the issues feature code reports (`reportIssue`,
/// `unimplemented`, an `IdentifiedArray` given a repeated id).
///
/// Every issue fails the test that runs into it, as TCA's do: under a test store through the
/// reporter it binds to ``override`` (which places the failure at the test's step), and
/// anywhere else in a test, a live `Store` included, through the test runner (``TestRunner``).
/// Where no test is running (an app), it is printed to standard error. A test can capture the
/// issues of one scope of work with `IssueReporting.$override.withValue(...)`.
package enum IssueReporting {
  /// A reporter for the current task (and the tasks it starts); `nil` reports to the running
  /// test, or prints to standard error outside any test.
  @TaskLocal package static var override: IssueReporter?

  /// Reports `message` to the reporter in force, or else records it as a failure of the test
  /// running it (at `location` when given: the user's line, or the reducer that found the
  /// issue); printed when neither is there.
  package static func report(_ message: String, at location: SourceLocation? = nil) {
    if let override {
      override.report(message, location)
    } else if !TestRunner.record(message, at: location) {
      printToStandardError(message, at: location)
    }
  }

  package static func printToStandardError(_ message: String, at location: SourceLocation?) {
    let prefix = location.map { "\($0): " } ?? ""
    let text = "\(prefix)[Core] runtime issue: \(message)\n"
    FileHandle.standardError.write(Data(text.utf8))
  }
}

/// Where the runtime issues of a task go instead of standard error (see
/// ``IssueReporting/override``).
///
/// A struct rather than the bare closure: a task-local value's type is looked up at run time
/// when it is bound, and in an optimized build of the tests the runtime could not resolve the
/// optional of a `@Sendable` closure type from its mangled name (it came back null, and binding
/// the value crashed); a nominal type's metadata comes from its accessor.
package struct IssueReporter: Sendable {
  /// Receives each message, and where it was reported when known.
  package let report: @Sendable (String, SourceLocation?) -> Void

  package init(_ report: @escaping @Sendable (String, SourceLocation?) -> Void) {
    self.report = report
  }
}
