/// The actions of a navigation stack, as its parent sees them: an action of one screen, a pop,
/// or a push.
///
/// A parent embeds it in its action with one case per stack:
///
/// ```swift
/// enum Action {
///   case path(StackAction<Path.State, Path.Action>)
/// }
/// ```
///
/// ``Reducer/forEach(_:action:destination:fileID:filePath:line:column:)-(_,(StackAction<DestinationState,DestinationAction>)->Action,_,_,_,_,_)`` runs the screen's
/// reducer for `.element`, pops after the parent reduced `.popFrom`, and pushes after the
/// parent reduced `.push`. A screen that calls ``DismissEffect`` (`await dismiss()`) reaches
/// its parent as `.popFrom(id:)` with its own id.
public enum StackAction<State, Action> {
  /// An action of the screen with `id`.
  case element(id: StackElementID, action: Action)
  /// Pops the screen with `id` and every screen above it.
  case popFrom(id: StackElementID)
  /// Pushes `state` with `id`, which must not be in use (a view pushing a screen sends it).
  case push(id: StackElementID, state: State)
}

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
extension StackAction: Sendable where State: Sendable, Action: Sendable {}
