// The Composable Architecture's spellings that have another shape here. Each is declared
// unavailable, so that the compiler's error on it says what to write instead
// (Docs/ComingFromTCA.md has the same table). Their bodies never run: no call compiles.

/// TCA's `@Presents`: write `@PresentationState`.
@available(
  *, unavailable,
  message: """
    Write '@PresentationState var destination: Destination.State?': it is TCA's '@Presents', \
    and '.ifLet(\\.$destination, action: Action.destination)' takes its projected value as in \
    TCA.
    """
)
public typealias Presents<State> = PresentationState<State>

/// TCA's `IdentifiedAction`: a row's action carries its id in a case of its own.
@available(
  *, unavailable,
  message: """
    A row's action carries its id in a case of its own here: write 'case row(id: Row.State.ID, \
    action: Row.Action)', and '.forEach(\\.rows, action: Action.row) { Row() }'.
    """
)
public typealias IdentifiedAction<ID, Action> = Never

/// TCA's `IdentifiedActionOf`: a row's action carries its id in a case of its own.
@available(
  *, unavailable,
  message: """
    A row's action carries its id in a case of its own here: write 'case row(id: Row.State.ID, \
    action: Row.Action)', and '.forEach(\\.rows, action: Action.row) { Row() }'.
    """
)
public typealias IdentifiedActionOf<R: Reducer> = Never

/// TCA's `@Shared`: a shared value is plain state, shared with `share(_:with:in:at:)`.
@available(
  *, unavailable,
  message: """
    A shared value is plain state here: write 'var note: Note' in the screen's state, and \
    '.share(\\.notes, with: \\.path, in: Path.State.detail, at: \\.note)' after the list's \
    'forEach'; for '@Shared(.fileStorage(url))', make the store with \
    'Store(initialState:persisting:at:format:)'.
    """
)
@propertyWrapper
public struct Shared<Value> {
  /// TCA's shared value.
  public var wrappedValue: Value

  /// TCA's `@Shared var value = ...`.
  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }
}

/// TCA's `TextState`: dialogs take plain strings.
@available(
  *, unavailable,
  message: """
    Dialogs take plain strings here: write 'AlertState(title: "Delete?", buttons: \
    [ButtonState(role: .destructive, action: .confirmDeletion, label: "Delete")])' for TCA's \
    'AlertState { TextState("Delete?") } actions: { ... }'.
    """
)
public struct TextState {
  /// TCA's `TextState("…")`.
  public init(_ content: String) {}
}

extension DependencyValues {
  /// TCA's `\.continuousClock`: the clock is `\.clock`.
  @available(
    *, unavailable,
    message: """
      The clock is '\\.clock' here: write '@Dependency(\\.clock) var clock' (an 'any \
      Clock<Duration>'; 'TestClock' or 'ImmediateClock' in tests).
      """
  )
  public var continuousClock: any Clock<Duration> {
    get { clock }
    set { clock = newValue }
  }
}

/// What a TCA case key path (`\.child`, `\.delegate.saved`) is written on, so that one passed
/// where an operator takes an enum case constructor reaches a declaration whose error says so.
/// It has no values.
@dynamicMemberLookup
public struct CaseKeyPathRoot<Root> {
  private init() {}

  /// Any member: each step of a case key path.
  public subscript(dynamicMember name: String) -> Self { self }
}

/// A TCA case key path from `Action` to one of its cases.
public typealias CaseKeyPathSpelling<Action> = KeyPath<
  CaseKeyPathRoot<Action>, CaseKeyPathRoot<Action>
>

extension Reducer {
  /// TCA's `.forEach(\.rows, action: \.rows)`: pass the case constructor.
  @available(
    *, unavailable,
    message: """
      Pass the enum case constructor where TCA takes a case key path: 'action: Action.row' for \
      'action: \\.rows', with 'case row(id: Row.State.ID, action: Row.Action)'.
      """
  )
  public func forEach<ElementState: Identifiable, ElementAction, Element: Reducer>(
    _ elements: WritableKeyPath<State, IdentifiedArray<ElementState>>,
    action: CaseKeyPathSpelling<Action>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element
  ) -> some Reducer<State, Action>
  where ElementState == Element.State, ElementAction == Element.Action {
    self
  }

  /// TCA's `.forEach(\.path, action: \.path)`: pass the case constructor.
  @available(
    *, unavailable,
    message: """
      Pass the enum case constructor where TCA takes a case key path: 'action: Action.path' \
      for 'action: \\.path'.
      """
  )
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ state: WritableKeyPath<State, StackState<DestinationState>>,
    action: CaseKeyPathSpelling<Action>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination
  ) -> some Reducer<State, Action>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    self
  }

  /// TCA's `.ifLet(\.$destination, action: \.destination)`: pass the case constructor.
  @available(
    *, unavailable,
    message: """
      Pass the enum case constructor where TCA takes a case key path: 'action: \
      Action.destination' for 'action: \\.destination'.
      """
  )
  public func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
    _ state: WritableKeyPath<State, PresentationState<DestinationState>>,
    action: CaseKeyPathSpelling<Action>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination
  ) -> some Reducer<State, Action>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    self
  }

  /// TCA's `.ifLet(\.$alert, action: \.alert)`: pass the case constructor.
  @available(
    *, unavailable,
    message: """
      Pass the enum case constructor where TCA takes a case key path: 'action: Action.alert' \
      for 'action: \\.alert'.
      """
  )
  public func ifLet<DestinationState>(
    _ state: WritableKeyPath<State, PresentationState<DestinationState>>,
    action: CaseKeyPathSpelling<Action>
  ) -> some Reducer<State, Action> {
    self
  }

  /// TCA's `.ifLet(\.child, action: \.child)`: pass the case constructor.
  @available(
    *, unavailable,
    message: """
      Pass the enum case constructor where TCA takes a case key path: 'action: Action.child' \
      for 'action: \\.child'.
      """
  )
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer>(
    _ state: WritableKeyPath<State, WrappedState?>,
    action: CaseKeyPathSpelling<Action>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped
  ) -> some Reducer<State, Action>
  where WrappedState == Wrapped.State, WrappedAction == Wrapped.Action {
    self
  }
}

extension Scope {
  /// TCA's `Scope(state: \.child, action: \.child)`: pass the case constructor.
  @available(
    *, unavailable,
    message: """
      Pass the enum case constructor where TCA takes a case key path: 'action: Action.child' \
      for 'action: \\.child'.
      """
  )
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: CaseKeyPathSpelling<ParentAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    fatalError("unreachable: this initializer is unavailable")
  }
}

extension Store {
  /// TCA's `store.scope(state: \.child, action: \.child)`: pass the case constructor.
  @available(
    *, unavailable,
    message: """
      Pass the enum case constructor where TCA takes a case key path: 'action: Action.child' \
      for 'action: \\.child'.
      """
  )
  public func scope<ChildState>(
    state: KeyPath<State, ChildState>,
    action: CaseKeyPathSpelling<Action>
  ) -> Store<ChildState, Action> {
    fatalError("unreachable: this method is unavailable")
  }
}
