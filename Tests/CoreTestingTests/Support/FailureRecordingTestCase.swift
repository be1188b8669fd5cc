import XCTest

/// An XCTest case that can capture the failures a piece of a test records, to check them.
///
/// XCTest on Linux has no `XCTExpectFailure`, so this records the failures itself, by
/// overriding the hook every XCTest failure goes through, while `isRecording` is on.
class FailureRecordingTestCase: XCTestCase {
  struct Failure: Equatable {
    let description: String
    let file: String
    let line: Int
  }

  private var isRecording = false
  private var failures: [Failure] = []

  /// Runs `body`, capturing the XCTest failures it records instead of failing the test.
  @MainActor
  func recordingFailures(_ body: () async -> Void) async -> [Failure] {
    isRecording = true
    failures = []
    await body()
    isRecording = false
    return failures
  }

  #if canImport(ObjectiveC)
    override func record(_ issue: XCTIssue) {
      guard isRecording else { return super.record(issue) }
      failures.append(
        Failure(
          description: issue.compactDescription,
          file: issue.sourceCodeContext.location?.fileURL.path ?? "",
          line: issue.sourceCodeContext.location?.lineNumber ?? 0))
    }
  #else
    override func recordFailure(
      withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
      expected: Bool
    ) {
      guard isRecording else {
        return super.recordFailure(
          withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
      }
      failures.append(Failure(description: description, file: filePath, line: lineNumber))
    }
  #endif
}
