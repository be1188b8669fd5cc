import Core
/// One step of a random session: an action the session sends, or time it lets pass on the
/// session's ``TestClock``.
///
/// A failing session is handed back as these steps (``RandomSessionFailure/steps``):
///
/// ```swift
/// #expect(failure.steps == [
///   .send(.addButtonTapped),
///   .advanceClock(by: .seconds(1)),
/// ])
/// ```
public enum RandomSessionStep<Action> {
  /// The session sent the action, as a user would.
  case send(Action)
  /// The session moved its clock forward by the duration, letting the effects that wait on it
  /// run, one wake-up at a time, in deadline order.
  case advanceClock(by: Duration)
}

extension RandomSessionStep: Equatable where Action: Equatable {}
extension RandomSessionStep: Sendable where Action: Sendable {}

extension RandomSessionStep: CustomStringConvertible {
  /// The step as a line of a test: `send(.addButtonTapped)`, `advanceClock(by: .seconds(1))`.
  public var description: String {
    switch self {
    case let .send(action): "send(\(ValueDescription.of(action)))"
    case let .advanceClock(duration): "advanceClock(by: \(SessionSource.duration(duration)))"
    }
  }
}
