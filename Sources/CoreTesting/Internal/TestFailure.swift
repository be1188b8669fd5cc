import Core

#if canImport(Testing)
  import Testing
#endif
#if canImport(XCTest)
  import XCTest
#endif

/// Records a test failure with whichever runner runs the current test.
enum TestFailure {
  /// Where failures go instead of the runner, for the work ``capturingTestFailures(_:)`` runs.
  /// A class, not a closure, for the reason `IssueReporter` is a struct (see Core).
  @TaskLocal static var capture: CapturedTestFailures?

  /// Records `message` at `location`: as a Swift Testing issue when a Swift Testing test is
  /// running, else as an XCTest failure; printed to standard error when neither can record it.
  static func record(_ message: String, at location: Core.SourceLocation) {
    if !recordIfTesting(message, at: location) {
      IssueReporting.printToStandardError(message, at: location)
    }
  }

  /// Records `message` at `location` (or, without one, at the test's declaration) with the
  /// runner of the current test; `false` when no test can be told of it here: outside a Swift
  /// Testing test's task in a process running Swift Testing tests only, where XCTest would drop
  /// it without a word.
  static func recordIfTesting(_ message: String, at location: Core.SourceLocation?) -> Bool {
    if let capture {
      capture.record(CapturedTestFailure(message: message, location: location))
      return true
    }
    #if canImport(Testing)
      if let test = Test.current {
        Issue.record(
          Comment(rawValue: message),
          sourceLocation: location.map {
            Testing.SourceLocation(
              fileID: "\($0.fileID)", filePath: "\($0.filePath)", line: Int($0.line),
              column: Int($0.column))
          } ?? test.sourceLocation)
        return true
      }
      if ProcessArguments.runSwiftTestingOnly { return false }
    #endif
    #if canImport(XCTest)
      if let location {
        XCTFail(message, file: location.filePath, line: location.line)
      } else {
        XCTFail(message)
      }
      return true
    #else
      return false
    #endif
  }
}

/// What the test process was asked to run.
private enum ProcessArguments {
  /// Whether the process runs Swift Testing's tests and no XCTest case (`swift test` runs the
  /// two in separate processes, the Swift Testing one with `--testing-library swift-testing`).
  static let runSwiftTestingOnly: Bool = {
    let arguments = CommandLine.arguments
    return zip(arguments, arguments.dropFirst()).contains {
      $0 == "--testing-library" && $1 == "swift-testing"
    }
  }()
}

/// Found by Core at run time, by name, to record the issues of work outside any test store in
/// the current test: `reportIssue`, `unimplemented`, a repeated id given to an
/// `IdentifiedArray`, and a live `Store`'s runtime issues (an action for a screen not in its
/// stack, a send to a dismissed child). Renaming it breaks that look-up (see Core's
/// `TestRunner`).
enum TestIssueRecorder: TestIssueRecording {
  static func record(_ message: String, at location: Core.SourceLocation?) -> Bool {
    TestFailure.recordIfTesting(message, at: location)
  }
}
