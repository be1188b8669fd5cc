extension RandomSessionFailure {
  /// Why a session failed: the rule it broke, the issue it reported, or the effect it could
  /// not wait for.
  ///
  /// ```swift
  /// if case .invariant("no row is ever added") = failure?.reason {
  ///   ...
  /// }
  /// ```
  public enum Reason: Hashable, Sendable, CustomStringConvertible {
    /// A state broke the invariant of this name.
    case invariant(String)
    /// A change broke the transition rule of this name.
    case transition(String)
    /// The state's projection and the model of this name differ.
    case model(String)
    /// An issue was reported during a step (an unimplemented dependency, an action for a
    /// child that is gone, an effect's unhandled error), with this message.
    case issue(String)
    /// An effect created at this location (`Feature.swift:42`) neither ended nor slept on the
    /// session's clock within ``RandomSessions/effectTimeout``: it waits on something the
    /// session does not drive.
    case effectDidNotSettle(String)

    /// `invariant 'total is never negative'`, `transition rule '...'`, `model '...'`,
    /// `issue`, `effect that did not settle`.
    public var description: String {
      switch self {
      case let .invariant(name): "invariant '\(name)'"
      case let .transition(name): "transition rule '\(name)'"
      case let .model(name): "model '\(name)'"
      case .issue: "issue"
      case .effectDidNotSettle: "effect that did not settle"
      }
    }
  }
}
