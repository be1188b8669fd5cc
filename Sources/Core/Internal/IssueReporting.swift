import Foundation

/// Where Core sends runtime issues: misuse it can survive (an action sent to a store whose
/// state is gone, an unhandled effect error, an unimplemented test dependency).
///
/// By default issues are printed to standard error. `CoreTesting` turns them into test
/// failures by reporting, for the work a test store does, through `override`; a test can
/// capture them for one scope of work with `IssueReporting.$override.withValue(...)`.
package enum IssueReporting {
  /// A reporter for the current task (and the tasks it starts); `nil` prints to standard
  /// error.
  @TaskLocal package static var override: (@Sendable (String, SourceLocation?) -> Void)?

  /// Reports `message`.
  package static func report(_ message: String, at location: SourceLocation? = nil) {
    if let override {
      override(message, location)
    } else {
      printToStandardError(message, at: location)
    }
  }

  package static func printToStandardError(_ message: String, at location: SourceLocation?) {
    let prefix = location.map { "\($0): " } ?? ""
    let text = "\(prefix)[Core] runtime issue: \(message)\n"
    FileHandle.standardError.write(Data(text.utf8))
  }
}
