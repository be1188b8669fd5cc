import Core
import Foundation

/// A rule a random session checks: on the initial state, then after every action the store
/// reduces, whether the session sent it or an effect fed it back.
struct SessionRule<State, Action> {
  /// How failures name it: `invariant 'total is never negative'`.
  let name: String
  /// Makes the rule's check for one session, which may keep state of its own (a model). The
  /// check is given the state before the action and the action (both `nil` for the initial
  /// state) and the state after it, and returns what is wrong, or `nil` when the rule holds.
  let makeCheck: () -> (_ before: State?, _ action: Action?, _ after: State) -> String?

  /// A check of `after` alone.
  static func invariant(_ name: String, _ holds: @escaping (State) -> Bool) -> Self {
    Self(name: "invariant '\(name)'") {
      { before, action, after in
        holds(after) ? nil : change(before: before, action: action, after: after)
      }
    }
  }

  /// A check of `before` and `after` each action.
  static func transition(_ name: String, _ holds: @escaping (State, State) -> Bool) -> Self {
    Self(name: "transition rule '\(name)'") {
      { before, action, after in
        guard let before, !holds(before, after) else { return nil }
        return change(before: before, action: action, after: after)
      }
    }
  }

  /// A comparison of a model, updated with each action, with a projection of the state.
  static func model<Model: Equatable>(
    _ name: String, initial: Model, update: @escaping (inout Model, Action) -> Void,
    projection: @escaping (State) -> Model
  ) -> Self {
    Self(name: "model '\(name)'") {
      var model = initial
      return { _, action, after in
        if let action { update(&model, action) }
        let projected = projection(after)
        if projected == model { return nil }
        let diff =
          StateDiff.lines(model, projected).map(SessionReport.indented)
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
