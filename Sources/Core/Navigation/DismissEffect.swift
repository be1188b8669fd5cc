/// Dismisses the presented or stacked feature that calls it: the dependency behind
/// `@Dependency(\.dismiss)`.
///
/// A child feature closes itself when its work is done, without knowing how its parent shows
/// it. Capture it in an effect and call it:
///
/// ```swift
/// struct EditorFeature: Reducer {
///   @Dependency(\.dismiss) var dismiss
///
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     switch action {
///     case .saveButtonTapped:
///       return .run { [profile = state.profile, dismiss] send in
///         await send(.delegate(.saved(profile)))
///         await dismiss()
///       }
///     ...
/// ```
///
/// The parent receives `.dismiss` from a presented child
/// (``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)-(_,(PresentationAction<DestinationAction>)->Action,_,_,_,_,_)``) or `.popFrom(id:)`
/// with the child's id from a stacked one
/// (``Reducer/forEach(_:action:destination:fileID:filePath:line:column:)-(_,(StackAction<DestinationState,DestinationAction>)->Action,_,_,_,_,_)``), reduces it like
/// any action, then the child's state goes away and its effects, including the one that called
/// `dismiss()`, are cancelled. A test receives that action like any other.
///
/// > Important: Call it from an effect of a presented or stacked feature (or of a feature
/// > scoped inside one). Called anywhere else, it does nothing and reports a runtime issue.
public struct DismissEffect: Sendable {
  /// Creates the dismiss effect; features read it with `@Dependency(\.dismiss)`.
  public init() {}

  /// Asks the parent to dismiss the feature whose effect is running.
  ///
  /// - Parameters:
  ///   - fileID: Where it was called, for the runtime issue when nothing is presented.
  ///   - filePath: Where it was called.
  ///   - line: Where it was called.
  ///   - column: Where it was called.
  public func callAsFunction(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    guard let dismissal = Dismissal.current else {
      let location = SourceLocation(
        fileID: fileID, filePath: filePath, line: line, column: column)
      IssueReporting.report(
        """
        'dismiss()' was called at \(location) from an effect of a feature that is not \
        presented. Nothing was dismissed.

        To fix, call it only from the effects of a feature integrated with \
        '.ifLet(\\.$destination, action:)' or '.forEach(\\.path, action:)', or send the \
        parent an action that dismisses the feature.
        """,
        at: location)
      return
    }
    await dismissal.dismiss()
  }
}

/// The dependency key of ``DismissEffect``.
enum DismissEffectKey: DependencyKey {
  static let liveValue = DismissEffect()
  static let testValue = DismissEffect()
}

extension DependencyValues {
  /// Dismisses the presented or stacked feature whose effect calls it (see ``DismissEffect``).
  public var dismiss: DismissEffect {
    get { self[DismissEffectKey.self] }
    set { self[DismissEffectKey.self] = newValue }
  }
}
