/// Applies a feature's ``BindingAction``s to its state.
///
/// Place it in the feature's `body`, before the reducer that reacts to the changes, so that
/// reducer sees the field already set:
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   BindingReducer()
///   Reduce { state, action in
///     switch action {
///     case .binding(\.email):
///       state.errors = []
///       return .none
///     case .binding:
///       return .none
///     ...
///     }
///   }
/// }
/// ```
///
/// It ignores every other action and returns no effect. The action type must be `Sendable`
/// (as `BindingAction` is).
///
/// - Complexity: O(1) per action besides the field's own copy.
public struct BindingReducer<State, Action: BindableAction & Sendable>: Reducer
where Action.State == State {
  private let toBindingAction: ChildRoute<Action, BindingAction<State>>

  /// Creates the reducer; `State` and `Action` are inferred from the `body` it is placed in.
  public init() {
    self.toBindingAction = ChildRoute({ Action.binding($0) })
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    toBindingAction.extract(action)?.apply(to: &state)
    return .none
  }
}
