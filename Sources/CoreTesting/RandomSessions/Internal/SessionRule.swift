import Core
import Foundation

/// A rule a random session checks: on the initial state, then after every action the store
/// reduces, whether the session sent it or an effect fed it back.
struct SessionRule<State, Action> {
  typealias Reason = RandomSessionFailure<Action>.Reason

  /// What failures name it by.
  let reason: Reason
  /// Makes the rule's check for one session, which may keep state of its own (a model). The
  /// check is given the state before the action and the action (both `nil` for the initial
  /// state) and the state after it, and returns what is wrong, or `nil` when the rule holds.
  let makeCheck: () -> (_ before: State?, _ action: Action?, _ after: State) -> String?

  /// A check of `after` alone.
  static func invariant(_ name: String, _ holds: @escaping (State) -> Bool) -> Self {
    Self(reason: .invariant(name)) {
      { before, action, after in
        holds(after) ? nil : change(before: before, action: action, after: after)
      }
    }
  }

  /// A check of each change: the state before, the action, and the state after.
  static func transition(
    _ name: String, _ holds: @escaping (State, Action, State) -> Bool
  ) -> Self {
    Self(reason: .transition(name)) {
      { before, action, after in
        guard let before, let action, !holds(before, action, after) else { return nil }
        return change(before: before, action: action, after: after)
      }
    }
  }

  /// A comparison of what a model, updated with each action, expects (`expected` of the
  /// model) with a projection of the state.
  static func model<Model, Projection: Equatable>(
    _ name: String, initial: Model, update: @escaping (inout Model, Action) -> Void,
    expected: @escaping (Model) -> Projection, projection: @escaping (State) -> Projection
  ) -> Self {
    Self(reason: .model(name)) {
      var model = initial
      return { _, action, after in
        if let action { update(&model, action) }
        let expected = expected(model)
        let projected = projection(after)
        if projected == expected { return nil }
        let diff =
          StateDiff.lines(expected, projected).map(SessionReport.indented)
          ?? "  (they print the same but are not equal: check '==')"
        let moment = action.map { "after '\(ValueDescription.of($0))'" } ?? "at the start"
        return """
          The model and the state's projection differ \(moment) (- model, + state):

          \(diff)
          """
      }
    }
  }

  /// What an action changed, for a rule it broke.
  private static func change(before: State?, action: Action?, after: State) -> String {
    guard let before, let action else {
      return "The initial state breaks it:\n\n\(SessionReport.indented(dump(after)))"
    }
    let diff =
      StateDiff.lines(before, after).map(SessionReport.indented)
      ?? "  (the action changed nothing)"
    return """
      What '\(ValueDescription.of(action))' changed (- before, + after):

      \(diff)
      """
  }

  private static func dump(_ state: State) -> String {
    var text = ""
    Swift.dump(state, to: &text)
    return text.trimmingCharacters(in: .newlines)
  }
}
