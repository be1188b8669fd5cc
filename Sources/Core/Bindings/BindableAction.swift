/// An action type with a case that carries a ``BindingAction``: what ``BindingReducer``
/// needs to find the bindings among a feature's actions.
///
/// An enum case satisfies the requirement:
///
/// ```swift
/// enum Action: BindableAction, Equatable, Sendable {
///   case binding(BindingAction<State>)
///   case saveButtonTapped
/// }
/// ```
public protocol BindableAction {
  /// The state the binding actions set.
  associatedtype State

  /// Embeds a binding action in this action type.
  static func binding(_ action: BindingAction<State>) -> Self
}
