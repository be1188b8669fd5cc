/// A button of an ``AlertState`` or ``ConfirmationDialogState``: its label, its role, and the
/// action it sends.
///
/// ```swift
/// buttons: [
///   ButtonState(role: .destructive, action: .confirmDeletion, label: "Delete"),
///   ButtonState(role: .cancel, label: "Cancel"),
/// ]
/// ```
///
/// A button without an action only closes the dialog: the UI sends `.dismiss` for it.
public struct ButtonState<Action> {
  /// How the UI should style the button.
  public var role: ButtonRole?
  /// The action the button sends, wrapped in `PresentationAction.presented`; `nil` for a
  /// button that only closes the dialog.
  public var action: Action?
  /// The button's text.
  public var label: String

  /// Creates a button.
  ///
  /// - Parameters:
  ///   - role: How the UI should style the button.
  ///   - action: The action the button sends; `nil` to only close the dialog.
  ///   - label: The button's text.
  public init(role: ButtonRole? = nil, action: Action? = nil, label: String) {
    self.role = role
    self.action = action
    self.label = label
  }

  /// This button sending `transform(action)` instead of `action`.
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> ButtonState<NewAction> {
    ButtonState<NewAction>(role: role, action: action.map(transform), label: label)
  }
}

extension ButtonState: Equatable where Action: Equatable {}
extension ButtonState: Hashable where Action: Hashable {}
extension ButtonState: Sendable where Action: Sendable {}

/// Encoded with its fields' names, so that a feature presenting one can be recorded and its
/// state persisted.
extension ButtonState: Codable where Action: Codable {}
