/// The actions of a presented child feature, as its parent sees them: the child's own actions,
/// and the request to dismiss it.
///
/// A parent embeds it in its action with one case per presentation slot:
///
/// ```swift
/// enum Action {
///   case destination(PresentationAction<Destination.Action>)
///   case editButtonTapped
/// }
/// ```
///
/// ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)-(_,(PresentationAction<DestinationAction>)->Action,_,_,_,_,_)`` runs the child for
/// `.presented` actions and sets the child state to `nil` after the parent reduced `.dismiss`.
/// A child that calls ``DismissEffect`` (`await dismiss()`) reaches its parent as `.dismiss`.
public enum PresentationAction<Action> {
  /// An action of the presented child.
  case presented(Action)
  /// Dismisses the child: the parent reduces it while the child is still presented, then the
  /// child state becomes `nil` and the child's effects are cancelled.
  case dismiss
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}
