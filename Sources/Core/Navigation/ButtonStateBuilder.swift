/// Builds the buttons of an ``AlertState`` or a ``ConfirmationDialogState`` from statements,
/// so that a button shown only sometimes is an `if`, not an array concatenation.
///
/// ```swift
/// state.alert = AlertState(title: "Delete this note?") {
///   ButtonState(role: .destructive, action: .confirmDeletion, label: "Delete")
///   if note.isShared {
///     ButtonState(action: .confirmDeletionForEveryone, label: "Delete for everyone")
///   }
///   ButtonState(role: .cancel, label: "Cancel")
/// }
/// ```
///
/// It takes `ButtonState` expressions, `if`, `if`-`else`, `switch` and `for` loops.
@resultBuilder
public enum ButtonStateBuilder<Action> {
  /// A button, as a list of one.
  public static func buildExpression(_ button: ButtonState<Action>) -> [ButtonState<Action>] {
    [button]
  }

  /// The buttons of the statements, in order.
  public static func buildBlock(_ components: [ButtonState<Action>]...) -> [ButtonState<Action>] {
    components.flatMap { $0 }
  }

  /// The buttons of an `if` whose condition held, or none.
  public static func buildOptional(_ component: [ButtonState<Action>]?) -> [ButtonState<Action>] {
    component ?? []
  }

  /// The buttons of the first branch of an `if`-`else` or a `switch`.
  public static func buildEither(first component: [ButtonState<Action>]) -> [ButtonState<Action>] {
    component
  }

  /// The buttons of the second branch of an `if`-`else` or a `switch`.
  public static func buildEither(second component: [ButtonState<Action>])
    -> [ButtonState<Action>]
  {
    component
  }

  /// The buttons of every pass of a `for` loop, in order.
  public static func buildArray(_ components: [[ButtonState<Action>]]) -> [ButtonState<Action>] {
    components.flatMap { $0 }
  }

  /// The buttons of an `if #available` block.
  public static func buildLimitedAvailability(_ component: [ButtonState<Action>])
    -> [ButtonState<Action>]
  {
    component
  }
}
