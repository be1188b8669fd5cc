import Foundation

/// Where Core sends runtime issues: misuse it can survive (an action sent to a store whose
/// state is gone, an unhandled effect error, an unimplemented test dependency).
///
/// By default issues are printed to standard error. `CoreTesting` turns them into test
/// failures by reporting, for the work a test store does, through `override`; a test can
/// capture them for one scope of work with `IssueReporting.$override.withValue(...)`.
///
/// Issues about a line the user wrote (``reportInAnyTest(_:at:)``: `reportIssue`,
/// `unimplemented`, an `IdentifiedArray` given a repeated id) fail whichever test runs into
/// them, test store or not, as TCA's do; the store's own runtime issues fail a test under a
/// test store and are printed elsewhere.
package enum IssueReporting {
  /// A reporter for the current task (and the tasks it starts); `nil` prints to standard
  /// error.
  @TaskLocal package static var override: IssueReporter?

  /// Reports `message`.
  package static func report(_ message: String, at location: SourceLocation? = nil) {
    if let override {
      override.report(message, location)
    } else {
      printToStandardError(message, at: location)
    }
  }

  /// Reports `message` to the reporter in force, or else records it as a failure of the test
  /// running it (at `location`, the user's line, when given); printed when neither is there.
  package static func reportInAnyTest(_ message: String, at location: SourceLocation? = nil) {
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
