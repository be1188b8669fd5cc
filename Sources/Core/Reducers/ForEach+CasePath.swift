extension Reducer {
  /// ``forEach(_:action:element:)`` with an explicit case path to the element id and action:
  /// routing costs what the `switch` in `extract` costs, and any action shape works.
  ///
  /// ```swift
  /// .forEach(
  ///   \.rows,
  ///   action: AnyCasePath(
  ///     embed: { .row(id: $0, action: $1) },
  ///     extract: { if case let .row(id, action) = $0 { (id, action) } else { nil } }
  ///   )
  /// ) {
  ///   RowFeature()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - elements: The writable key path to the identified array.
  ///   - action: The case path between an action and an element id with an element action.
  ///   - element: Builds the element reducer.
  /// - Returns: A reducer that runs both.
  public func forEach<ElementState: Identifiable, ElementAction, Element: Reducer>(
    _ elements: WritableKeyPath<State, IdentifiedArray<ElementState>>,
    action: AnyCasePath<Action, (ElementState.ID, ElementAction)>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element
  ) -> some Reducer<State, Action>
  where
    ElementState == Element.State, ElementAction == Element.Action,
    ElementState.ID: Sendable
  {
    let embed = action.embedValue
    return ForEachReducer(
      parent: resolved(), element: element().resolved(), toElements: elements,
      toElementAction: ChildRoute(action), fromElementAction: { embed(($0, $1)) })
  }
}
