/// The error a closure made by `unimplemented(_:)` throws after reporting, so that the
/// feature's failure path runs (and a test can assert it).
public struct UnimplementedFailure: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is unimplemented, as given to `unimplemented`: `"NumberClient.fetch"`.
  public let endpoint: String

  /// Creates the failure of `endpoint`, for an endpoint that reports through
  /// `unimplemented(_:placeholder:)` and fails later (a stream that finishes with it).
  public init(endpoint: String) {
    self.endpoint = endpoint
  }

  /// `Unimplemented: 'NumberClient.fetch'`.
  public var description: String {
    endpoint.isEmpty ? "Unimplemented" : "Unimplemented: '\(endpoint)'"
  }

  /// Reports that the endpoint was called, at `location`, the line that made it
  /// unimplemented.
  func report(at location: SourceLocation) {
    IssueReporting.reportAtCallersLine(
      """
      \(description) was called, but it has no implementation here.

      To fix, override it where the test creates its store ('withDependencies: { ... }'), \
      or keep the test from reaching it.
      """,
      at: location)
  }
}
