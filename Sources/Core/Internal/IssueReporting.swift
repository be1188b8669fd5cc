import Foundation
import Synchronization

/// Where Core sends runtime issues: misuse it can survive (an action sent to a store whose
/// state is gone, an unhandled effect error, an unimplemented test dependency).
///
/// By default issues are printed to standard error. `CoreTesting` installs a reporter that
/// turns them into test failures; a test can capture them for one scope of work with
/// `IssueReporting.$override.withValue(...)`.
package enum IssueReporting {
  /// A reporter for the current task (and the tasks it starts), taking precedence over
  /// ``installed``.
  @TaskLocal package static var override: (@Sendable (String, SourceLocation?) -> Void)?

  /// The process-wide reporter; `nil` prints to standard error.
  package static let installed = Mutex<(@Sendable (String, SourceLocation?) -> Void)?>(nil)

  /// Reports `message`.
  package static func report(_ message: String, at location: SourceLocation? = nil) {
    if let override {
      override(message, location)
    } else if let installed = installed.withLock({ $0 }) {
      installed(message, location)
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
