/// An alert described as state: a title, an optional message, and buttons that each carry
/// the action they send.
///
/// A reducer decides to show an alert by presenting one, and a test asserts it like any other
/// state; drawing it is the UI's job. Present it through a ``PresentationState`` (or a case of
/// an enum destination):
///
/// ```swift
/// struct State: Equatable {
///   @PresentationState var alert: AlertState<Action.Alert>?
/// }
/// enum Action: Equatable {
///   case alert(PresentationAction<Alert>)
///   case deleteButtonTapped
///   enum Alert: Equatable { case confirmDeletion }
/// }
/// ...
/// case .deleteButtonTapped:
///   state.alert = AlertState(
///     title: "Delete this order?",
///     buttons: [
///       ButtonState(role: .destructive, action: .confirmDeletion, label: "Delete"),
///       ButtonState(role: .cancel, label: "Cancel"),
///     ])
///   return .none
/// case .alert(.presented(.confirmDeletion)):
///   // delete; the alert is already on its way out
/// ...
/// Reduce { state, action in
///   ...
/// }
/// .ifLet(\.$alert, action: Action.alert)
/// ```
///
/// An alert is *ephemeral*: it has no reducer of its own, and the presentation operator sets it
/// to `nil` after the parent reduced one of its buttons' actions.
public struct AlertState<Action>: EphemeralState {
  /// The alert's title.
  public var title: String
  /// The text under the title.
  public var message: String?
  /// The buttons, in order.
  public var buttons: [ButtonState<Action>]

  /// Creates an alert.
  ///
  /// - Parameters:
  ///   - title: The alert's title.
  ///   - message: The text under the title.
  ///   - buttons: The buttons, in order; an empty list means a single button that closes the
  ///     alert, as platforms draw it.
  public init(title: String, message: String? = nil, buttons: [ButtonState<Action>] = []) {
    self.title = title
    self.message = message
    self.buttons = buttons
  }

  /// Creates an alert whose buttons are built with statements: a button shown only sometimes
  /// is an `if`.
  ///
  /// ```swift
  /// state.alert = AlertState(title: "Discard the draft?") {
  ///   ButtonState(role: .destructive, action: .discardConfirmed, label: "Discard")
  ///   if canSaveDraft {
  ///     ButtonState(action: .saveDraftTapped, label: "Save as draft")
  ///   }
  ///   ButtonState(role: .cancel, label: "Keep editing")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - title: The alert's title.
  ///   - message: The text under the title.
  ///   - buttons: Builds the buttons, in order (see ``ButtonStateBuilder``).
  public init(
    title: String, message: String? = nil,
    @ButtonStateBuilder<Action> buttons: () -> [ButtonState<Action>]
  ) {
    self.init(title: title, message: message, buttons: buttons())
  }

  /// This alert with its buttons sending `transform(action)` instead of `action`.
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> AlertState<NewAction> {
    AlertState<NewAction>(
      title: title, message: message, buttons: buttons.map { $0.map(transform) })
  }
}

extension AlertState: Equatable where Action: Equatable {}
extension AlertState: Hashable where Action: Hashable {}
extension AlertState: Sendable where Action: Sendable {}

/// Encoded with its fields' names, so that a feature presenting one can be recorded and its
/// state persisted.
extension AlertState: Codable where Action: Codable {}

extension AlertState {
  static var dialogAction: Any.Type { Action.self }
}
