extension Reducer {
  /// Runs an element reducer on the element of an ``IdentifiedArray`` that an action names,
  /// before this reducer.
  ///
  /// ```swift
  /// enum Action {
  ///   case row(id: Row.ID, action: RowFeature.Action)
  ///   ...
  /// }
  /// ...
  /// Reduce { state, action in
  ///   ...
  /// }
  /// .forEach(\.rows, action: Action.row) { RowFeature() }
  /// ```
  ///
  /// Each element is its own instance: its cancellation ids are local to it (two rows using
  /// the same id cancel only their own effects), and when an element is removed, or replaced
  /// by one of another id, its running effects are cancelled: by this reducer, at once; by
  /// another reducer, when the next action goes through this one (by an undo, within the same
  /// send). An element action for an id that is not in the array is ignored and reported as a
  /// runtime issue.
  ///
  /// > Note: Coming from TCA, there is no `IdentifiedAction` and no key-path action. Where TCA
  /// > writes `case rows(IdentifiedActionOf<Row>)` and `.forEach(\.rows, action: \.rows)`,
  /// > write `case row(id: Row.State.ID, action: Row.Action)` and
  /// > `.forEach(\.rows, action: Action.row)`; send `.row(id: 3, action: .toggle)`. A view
  /// > gets a row's store from `scope(state:id:action:)`.
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
      toElementAction: ChildRoute(action), fromElementAction: action)
  }

  /// ``forEach(_:action:element:)-(_,(ElementState.ID,ElementAction)->Action,_)`` with an explicit `extract`, for action shapes that are not
  /// enum cases (see ``Scope/init(state:action:extract:child:)``).
  public func forEach<ElementState: Identifiable, ElementAction, Element: Reducer>(
    _ elements: WritableKeyPath<State, IdentifiedArray<ElementState>>,
    action: @escaping @Sendable (ElementState.ID, ElementAction) -> Action,
    extract: @escaping @Sendable (Action) -> (ElementState.ID, ElementAction)?,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element
  ) -> some Reducer<State, Action>
  where
    ElementState == Element.State, ElementAction == Element.Action,
    ElementState.ID: Sendable
  {
    ForEachReducer(
      parent: resolved(), element: element().resolved(), toElements: elements,
      toElementAction: ChildRoute(embed: action, extract: extract),
      fromElementAction: action)
  }
}

struct ForEachReducer<State, Action, ElementState: Identifiable, ElementAction>: Reducer
where ElementState.ID: Sendable {
  let parent: any Reducer<State, Action>
  let element: any Reducer<ElementState, ElementAction>
  let toElements: WritableKeyPath<State, IdentifiedArray<ElementState>>
  let toElementAction: ChildRoute<Action, (ElementState.ID, ElementAction)>
  let fromElementAction: @Sendable (ElementState.ID, ElementAction) -> Action
  /// Raised once an element returns an effect: from then on, each pass ends with the store
  /// ending the work of the elements no longer in the array.
  let mountFlag = MountFlag()
  /// The last request to end the elements gone, by the ids it kept.
  let endings = EndingCache<OrderedIDs<ElementState.ID>, Action>()

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    var elementEffect = Effect<Action>.none
    if let (id, elementAction) = toElementAction.extract(action) {
      if state[keyPath: toElements][id: id] != nil {
        let effect = element.reduce(
          into: &state[keyPath: toElements][id: id]!, action: elementAction)
        if !effect.isNone {
          mountFlag.raise()
          let fromElementAction = fromElementAction
          elementEffect = effect.lift(
            { fromElementAction(id, $0) }, into: component(id), locator: locator)
        }
      } else {
        IssueReporting.report(
          """
          A 'forEach' over '\(ElementState.self)' elements received '\(elementAction)' for \
          element '\(id)', which is not in the array, in a reducer of '\(State.self)'. The \
          action was ignored.

          To fix, make sure an element's effects end when it is removed, and that no view \
          sends to a removed element.
          """)
      }
    }
    let parentEffect = parent.reduce(into: &state, action: action)
    guard mountFlag.isRaised else { return .merged(elementEffect, parentEffect) }
    // Removed, or replaced in place by an element of another id: the old one's work ends.
    let ending = endings.effect(keeping: state[keyPath: toElements].ids) { [toElements] in
      .elements(at: KeyPathID(toElements), notIn: $0)
    }
    return .merge([elementEffect, parentEffect, ending])
  }

  /// Finds the element with the component's id in the parent's state.
  private var locator: ChildLocator { .element(toElements) }

  /// The element `id` as a child instance: the key path and the id.
  private func component(_ id: ElementState.ID) -> ChildComponent {
    .element(KeyPathID(toElements), HashableValue(id))
  }
}
