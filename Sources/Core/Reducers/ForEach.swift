extension Reducer {
  /// Runs an element reducer on the element of an ``IdentifiedArray`` that an action names,
  /// before this reducer.
  ///
  /// ```swift
  /// enum Action { case row(id: Row.ID, action: RowFeature.Action), ... }
  ///
  /// Reduce { state, action in ... }
  ///   .forEach(\.rows, action: Action.row) { RowFeature() }
  /// ```
  ///
  /// When an element is removed, its running effects are cancelled. An element action for an
  /// id that is not in the array is ignored and reported as a runtime issue.
  ///
  /// - Parameters:
  ///   - elements: The writable key path to the identified array.
  ///   - action: The enum case constructor embedding an element id and an element action.
  ///   - element: Builds the element reducer.
  /// - Returns: A reducer that runs both.
  public func forEach<ElementState: Identifiable, ElementAction, Element: Reducer>(
    _ elements: WritableKeyPath<State, IdentifiedArray<ElementState>>,
    action: @escaping @Sendable (ElementState.ID, ElementAction) -> Action,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element
  ) -> some Reducer<State, Action>
  where
    ElementState == Element.State, ElementAction == Element.Action,
    ElementState.ID: Sendable
  {
    ForEachReducer(
      parent: resolved(), element: element().resolved(), toElements: elements,
      toElementAction: ActionExtractor(embed: action), fromElementAction: action)
  }
}

struct ForEachReducer<State, Action, ElementState: Identifiable, ElementAction>: Reducer
where ElementState.ID: Sendable {
  let parent: any Reducer<State, Action>
  let element: any Reducer<ElementState, ElementAction>
  let toElements: WritableKeyPath<State, IdentifiedArray<ElementState>>
  let toElementAction: ActionExtractor<Action, (ElementState.ID, ElementAction)>
  let fromElementAction: @Sendable (ElementState.ID, ElementAction) -> Action

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    var elementEffect = Effect<Action>.none
    if let (id, elementAction) = toElementAction.extract(action) {
      if state[keyPath: toElements][id: id] != nil {
        let effect = element.reduce(
          into: &state[keyPath: toElements][id: id]!, action: elementAction)
        if !effect.isNone {
          let fromElementAction = fromElementAction
          elementEffect = effect.map { fromElementAction(id, $0) }
            .cancellable(id: cancelID(for: id))
        }
      } else {
        IssueReporting.report(
          """
          A 'forEach' at '\(toElements)' received '\(elementAction)' for element '\(id)', \
          which is not in the array. The action was ignored.

          To fix, make sure an element's effects end when it is removed, and that no view \
          sends to a removed element.
          """)
      }
    }
    let idsBefore = state[keyPath: toElements].ids
    let parentEffect = parent.reduce(into: &state, action: action)
    let idsAfter = state[keyPath: toElements].ids
    guard idsBefore != idsAfter else { return .merged(elementEffect, parentEffect) }
    let remaining = Set(idsAfter)
    let cancellations = idsBefore.filter { !remaining.contains($0) }.map {
      Effect<Action>.cancel(id: cancelID(for: $0))
    }
    return .merge([elementEffect, parentEffect] + cancellations)
  }

  /// The id under which the effects of element `id` run.
  private func cancelID(for id: ElementState.ID) -> ElementCancelID<ElementState.ID> {
    ElementCancelID(keyPath: KeyPathID(keyPath: toElements), id: id)
  }
}

struct ElementCancelID<ID: Hashable & Sendable>: Hashable, Sendable {
  let keyPath: KeyPathID
  let id: ID
}
