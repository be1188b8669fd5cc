extension Reducer {
  /// Shares the elements stored in `elements` with the screens of the stack at `path` that show
  /// one: each such screen holds the element as part of its own state, its reducer reads and
  /// writes it as its own, and every change is written back to the stored element.
  ///
  /// A list and a detail screen pushed on a stack, where the detail edits the list's item:
  ///
  /// ```swift
  /// var body: some Reducer<State, Action> {
  ///   Reduce { state, action in
  ///     ...
  ///   }
  ///   .forEach(\.path, action: Action.path) { Path() }
  ///   .share(\.notes, with: \.path, in: Path.State.detail, at: \.note)
  /// }
  /// ```
  ///
  /// The screen finds its element by the element's `id`, which its copy holds. After every
  /// action:
  /// - a change the action made to a screen's copy is written to the stored element;
  /// - every screen gets the stored value, so an edit made in the list, or in another screen
  ///   showing the same element, reaches it;
  /// - a screen whose element was removed from `elements` is popped, with the screens above
  ///   it: it has nothing left to show, and its edits would have nowhere to go.
  ///
  /// Push a screen for an element that is stored: one pushed for an id `elements` does not
  /// hold is popped at once. The screen keeps its `StackElementID` throughout. Chain one
  /// `share` per kind of screen: the chain runs as one, so a change made on one kind of screen
  /// reaches the others in the same action.
  ///
  /// It is plain state: a test store sees the stored element and each screen's copy change at
  /// the step that changed them, and asserts both.
  ///
  /// > Important: Put `share` after the `forEach` (or `ifLet`) that runs the screens, as
  /// > above. Before it, `share` runs before the screens' reducers and sees none of their
  /// > changes: it would give the screens the stored value back, undoing their edits.
  ///
  /// - Parameters:
  ///   - elements: The stored elements.
  ///   - path: The stack whose screens show them.
  ///   - screenCase: The case constructor of the screens that show an element
  ///     (`Path.State.detail`).
  ///   - element: Where that screen's state holds its copy.
  /// - Returns: This reducer, followed by the sharing.
  public func share<Element: Identifiable & Equatable, Screen, ScreenState>(
    _ elements: WritableKeyPath<State, IdentifiedArray<Element>>,
    with path: WritableKeyPath<State, StackState<Screen>>,
    in screenCase: @escaping @Sendable (ScreenState) -> Screen,
    at element: WritableKeyPath<ScreenState, Element>
  ) -> SharingReducer<Self> {
    SharingReducer(
      base: self,
      rule: SharedCopies.stack(
        elements: elements, path: path, slot: SharedSlot(EnumCase(screenCase), element)))
  }

  /// Shares the elements stored in `elements` with the screens of the stack at `path`, a stack
  /// of one feature, which holds its copy at `element`.
  ///
  /// ```swift
  /// .forEach(\.path, action: Action.path) { NoteDetail() }
  /// .share(\.notes, with: \.path, at: \.note)
  /// ```
  ///
  /// The rules are those of `share(_:with:in:at:)` for a stack.
  ///
  /// - Parameters:
  ///   - elements: The stored elements.
  ///   - path: The stack whose screens show them.
  ///   - element: Where a screen's state holds its copy.
  /// - Returns: This reducer, followed by the sharing.
  public func share<Element: Identifiable & Equatable, ScreenState>(
    _ elements: WritableKeyPath<State, IdentifiedArray<Element>>,
    with path: WritableKeyPath<State, StackState<ScreenState>>,
    at element: WritableKeyPath<ScreenState, Element>
  ) -> SharingReducer<Self> {
    SharingReducer(
      base: self,
      rule: SharedCopies.stack(elements: elements, path: path, slot: SharedSlot(element)))
  }

  /// Shares the elements stored in `elements` with the presented child at `destination`, when
  /// it is the case `screenCase` and shows one of them.
  ///
  /// ```swift
  /// Reduce { state, action in
  ///   ...
  /// }
  /// .ifLet(\.$destination, action: Action.destination) { Destination() }
  /// .share(\.notes, with: \.destination, in: Destination.State.edit, at: \.note)
  /// ```
  ///
  /// Pass the optional itself (`\.destination`, not `\.$destination`). The rules are those of
  /// the stack's `share(_:with:in:at:)`; a child whose element was removed is dismissed (set
  /// to `nil`), which ends its effects.
  ///
  /// - Parameters:
  ///   - elements: The stored elements.
  ///   - destination: The presented child.
  ///   - screenCase: The case constructor of the child that shows an element.
  ///   - element: Where that child's state holds its copy.
  /// - Returns: This reducer, followed by the sharing.
  public func share<Element: Identifiable & Equatable, Screen, ScreenState>(
    _ elements: WritableKeyPath<State, IdentifiedArray<Element>>,
    with destination: WritableKeyPath<State, Screen?>,
    in screenCase: @escaping @Sendable (ScreenState) -> Screen,
    at element: WritableKeyPath<ScreenState, Element>
  ) -> SharingReducer<Self> {
    SharingReducer(
      base: self,
      rule: SharedCopies.presented(
        source: SharedSource(elements), child: destination,
        slot: SharedSlot(EnumCase(screenCase), element)))
  }

  /// Shares the elements stored in `elements` with the presented child at `child`, which holds
  /// its copy at `element`.
  ///
  /// ```swift
  /// .ifLet(\.$editor, action: Action.editor) { NoteEditor() }
  /// .share(\.notes, with: \.editor, at: \.note)
  /// ```
  ///
  /// The rules are those of the stack's `share(_:with:in:at:)`; a child whose element was
  /// removed is dismissed.
  ///
  /// - Parameters:
  ///   - elements: The stored elements.
  ///   - child: The presented child.
  ///   - element: Where the child's state holds its copy.
  /// - Returns: This reducer, followed by the sharing.
  public func share<Element: Identifiable & Equatable, ScreenState>(
    _ elements: WritableKeyPath<State, IdentifiedArray<Element>>,
    with child: WritableKeyPath<State, ScreenState?>,
    at element: WritableKeyPath<ScreenState, Element>
  ) -> SharingReducer<Self> {
    SharingReducer(
      base: self,
      rule: SharedCopies.presented(
        source: SharedSource(elements), child: child, slot: SharedSlot(element)))
  }

  /// Shares the value at `value` with the presented child at `child`, which holds a copy at
  /// `element`: a pushed screen sharing its element with a sheet it presents.
  ///
  /// ```swift
  /// .ifLet(\.$editor, action: Action.editor) { NoteEditor() }
  /// .share(\.note, with: \.editor, at: \.note)
  /// ```
  ///
  /// The child's edits are written to `value` (and from there, when this screen's own `note`
  /// is shared with a list, to the list), and changes of `value` reach the child. A child
  /// whose copy has another `id` than `value` is dismissed.
  ///
  /// - Parameters:
  ///   - value: The stored value.
  ///   - child: The presented child.
  ///   - element: Where the child's state holds its copy.
  /// - Returns: This reducer, followed by the sharing.
  public func share<Element: Identifiable & Equatable, ScreenState>(
    _ value: WritableKeyPath<State, Element>,
    with child: WritableKeyPath<State, ScreenState?>,
    at element: WritableKeyPath<ScreenState, Element>
  ) -> SharingReducer<Self> {
    SharingReducer(
      base: self,
      rule: SharedCopies.presented(
        source: SharedSource(value), child: child, slot: SharedSlot(element)))
  }

  /// Shares the value at `value` with the presented child at `destination`, when it is the
  /// case `screenCase`, which holds a copy at `element`.
  ///
  /// ```swift
  /// .ifLet(\.$destination, action: Action.destination) { Destination() }
  /// .share(\.note, with: \.destination, in: Destination.State.edit, at: \.note)
  /// ```
  ///
  /// The rules are those of the single value's `share(_:with:at:)`.
  ///
  /// - Parameters:
  ///   - value: The stored value.
  ///   - destination: The presented child.
  ///   - screenCase: The case constructor of the child that shows the value.
  ///   - element: Where that child's state holds its copy.
  /// - Returns: This reducer, followed by the sharing.
  public func share<Element: Identifiable & Equatable, Screen, ScreenState>(
    _ value: WritableKeyPath<State, Element>,
    with destination: WritableKeyPath<State, Screen?>,
    in screenCase: @escaping @Sendable (ScreenState) -> Screen,
    at element: WritableKeyPath<ScreenState, Element>
  ) -> SharingReducer<Self> {
    SharingReducer(
      base: self,
      rule: SharedCopies.presented(
        source: SharedSource(value), child: destination,
        slot: SharedSlot(EnumCase(screenCase), element)))
  }
}
