import Core

/// A test failure that ``capturingTestFailures(_:)`` kept from the runner.
package struct CapturedTestFailure: Sendable, CustomStringConvertible {
  /// What the failure says.
  package let message: String
  /// Where it was reported; `nil` for an issue that has no location of its own (a repeated id
  /// given to an `IdentifiedArray` outside any test store).
  package let location: Core.SourceLocation?

  package var description: String { (location.map { "\($0): " } ?? "") + message }
}

/// Runs `body` and returns the test failures it caused, in order, instead of reporting them to
/// the test runner.
///
/// For this package's own tests of failure paths: a failure the test expects then stays out of
/// the runner's output (a Swift Testing known issue prints its whole message), so that a real
/// failure stands out. The test checks the returned failures itself.
package func capturingTestFailures(
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async -> Void
) async -> [CapturedTestFailure] {
  let captured = CapturedTestFailures()
  await TestFailure.$capture.withValue(captured) {
    await body()
  }
  return captured.all
}

/// The failures ``capturingTestFailures(isolation:_:)`` collects, in the order they were
/// recorded.
final class CapturedTestFailures: Sendable {
  private let failures = Locked<[CapturedTestFailure]>([])

  /// Every failure recorded so far.
  var all: [CapturedTestFailure] { failures.withLock { $0 } }

  /// How many failures were recorded so far.
  var count: Int { failures.withLock { $0.count } }

  /// Records `failure` after the others.
  func record(_ failure: CapturedTestFailure) {
    failures.withLock { $0.append(failure) }
  }
}
