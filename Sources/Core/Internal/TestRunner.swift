/// Records an issue with the runner of the test the calling task belongs to.
///
/// `CoreTesting` conforms a type to it, which Core finds at run time by name (``TestRunner``):
/// Core links no test framework, so an app built with it does not either, while any test whose
/// target links `CoreTesting` has its issues recorded by Swift Testing or XCTest.
package protocol TestIssueRecording: SendableMetatype {
  /// Records `message` with the runner of the current test, at `location` (or, without one,
  /// where the runner places the test); returns `false` when no test is running here, so that
  /// the caller reports the issue another way.
  static func record(_ message: String, at location: SourceLocation?) -> Bool
}

/// The test runner, reached through `CoreTesting` when the process links it.
enum TestRunner {
  /// `CoreTesting`'s recorder, looked up once by its mangled name; `nil` in a process that does
  /// not link `CoreTesting`, such as an app.
  private static let recorder =
    _typeByName("11CoreTesting17TestIssueRecorderO") as? any TestIssueRecording.Type

  /// Records `message` with the runner of the test the calling task belongs to; `false` when
  /// there is none (an app, or work outside any test).
  static func record(_ message: String, at location: SourceLocation?) -> Bool {
    recorder?.record(message, at: location) ?? false
  }

}
