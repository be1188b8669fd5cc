import Foundation

/// A random session that broke a rule, shrunk: what ``RandomSessions/run(count:length:seed:fileID:filePath:line:column:)``
/// reports, and returns for tests that look at it.
///
/// ```swift
/// let failure = await sessions.run(count: 100, length: 30) { state, next in
///   ...
/// }
/// let steps = failure?.steps  // [.send(.addButtonTapped), .advanceClock(by: .seconds(1))]
/// let test = failure?.testSource  // a TestStore test of those steps, to paste
/// ```
public struct RandomSessionFailure<Action> {
  /// Why the session failed: the rule it broke, the issue it reported, or the effect it
  /// could not wait for.
  public let reason: Reason
  /// The reason as text: `invariant 'total is never negative'`, `transition rule '...'`,
  /// `model '...'`, or `issue` for an issue reported during a step.
  public var rule: String { reason.description }
  /// The step of ``steps`` during which the rule broke, from 1; 0 when the initial state
  /// breaks it.
  public let step: Int
  /// The shrunk session's steps, the breaking one last.
  public let steps: [RandomSessionStep<Action>]
  /// How many steps the session had before shrinking.
  public let originalStepCount: Int
  /// What is wrong: what the breaking action changed, the model's diff, or the issue.
  public let details: String
  /// The seed of the run; `RANDOM_SESSION_SEED` set to it runs the same sessions again.
  public let seed: UInt64
  /// The Swift source of a `TestStore` test of the shrunk session.
  public let testSource: String
  /// The recording of the shrunk session, which `TestStore(replaying:)` loads; `nil` when the
  /// state or the actions are not `Codable`, or the file could not be written.
  public let recording: URL?
  /// The inspector page of ``recording``, beside it, with the breaking action marked: the
  /// session step by step in a browser (see `Recording.inspectorPage(from:with:title:)`);
  /// `nil` when there is no recording or the page could not be written.
  public let inspectorPage: URL?
  /// Whether the shrunk session, run once more, failed in the same way; when it did not, the
  /// message names the likely causes.
  public let isReproduced: Bool
  /// The whole failure message.
  public let message: String
}

extension RandomSessionFailure: Sendable where Action: Sendable {}
