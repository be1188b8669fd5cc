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
  /// running, else as an XCTest failure.
  static func record(_ message: String, at location: Core.SourceLocation) {
    if let capture {
      capture.record(CapturedTestFailure(message: message, location: location))
      return
    }
    #if canImport(Testing)
      if Test.current != nil {
        Issue.record(
          Comment(rawValue: message),
          sourceLocation: Testing.SourceLocation(
            fileID: "\(location.fileID)", filePath: "\(location.filePath)",
            line: Int(location.line), column: Int(location.column)))
        return
      }
    #endif
    #if canImport(XCTest)
      XCTFail(message, file: location.filePath, line: location.line)
    #else
      IssueReporting.printToStandardError(message, at: location)
    #endif
  }
}
