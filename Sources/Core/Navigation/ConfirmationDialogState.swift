/// A confirmation dialog (an action sheet) described as state: a title, an optional message,
/// and buttons that each carry the action they send.
///
/// The same shape and rules as ``AlertState``: a reducer presents it, a test asserts it, the UI
/// draws it, and the presentation operator sets it to `nil` after the parent reduced one of
/// its buttons' actions.
///
/// ```swift
/// state.dialog = ConfirmationDialogState(
///   title: "Cancel the submission?",
///   buttons: [
///     ButtonState(role: .destructive, action: .confirmCancellation, label: "Yes"),
///     ButtonState(role: .cancel, label: "No"),
///   ])
/// ```
public struct ConfirmationDialogState<Action>: EphemeralState {
  /// The dialog's title.
  public var title: String
  /// The text under the title.
  public var message: String?
  /// The buttons, in order.
  public var buttons: [ButtonState<Action>]

  /// Creates a confirmation dialog.
  ///
  /// - Parameters:
  ///   - title: The dialog's title.
  ///   - message: The text under the title.
  ///   - buttons: The buttons, in order.
  public init(title: String, message: String? = nil, buttons: [ButtonState<Action>] = []) {
    self.title = title
    self.message = message
    self.buttons = buttons
  }

  /// Creates a confirmation dialog whose buttons are built with statements: a button shown
  /// only sometimes is an `if`.
  ///
  /// ```swift
  /// state.dialog = ConfirmationDialogState(title: "Share the note") {
  ///   ButtonState(action: .copyLinkTapped, label: "Copy link")
  ///   if hasContacts {
  ///     ButtonState(action: .sendToContactTapped, label: "Send to a contact")
  ///   }
  ///   ButtonState(role: .cancel, label: "Cancel")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - title: The dialog's title.
  ///   - message: The text under the title.
  ///   - buttons: Builds the buttons, in order (see ``ButtonStateBuilder``).
  public init(
    title: String, message: String? = nil,
    @ButtonStateBuilder<Action> buttons: () -> [ButtonState<Action>]
  ) {
    self.init(title: title, message: message, buttons: buttons())
  }

  /// This dialog with its buttons sending `transform(action)` instead of `action`.
  public func map<NewAction>(
    _ transform: (Action) -> NewAction
  ) -> ConfirmationDialogState<NewAction> {
    ConfirmationDialogState<NewAction>(
      title: title, message: message, buttons: buttons.map { $0.map(transform) })
  }
}

extension ConfirmationDialogState: Equatable where Action: Equatable {}
extension ConfirmationDialogState: Hashable where Action: Hashable {}
extension ConfirmationDialogState: Sendable where Action: Sendable {}

/// Encoded with its fields' names, so that a feature presenting one can be recorded and its
/// state persisted.
extension ConfirmationDialogState: Codable where Action: Codable {}

extension ConfirmationDialogState {
  static var dialogAction: Any.Type { Action.self }
}
