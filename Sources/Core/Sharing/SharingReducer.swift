/// A reducer that keeps the copies of shared elements, held by screens, in step with the one
/// stored copy: what `share(_:with:in:at:)`
/// and its overloads return.
///
/// After `base` reduces an action, in this order:
/// 1. Each screen that was there before the action, showing the same element, and whose copy
///    the action changed writes its copy to the stored element with the same id (screens lower in the stack first, so
///    the top screen's change wins when two changed the same element).
/// 2. Each screen then gets the stored element's value, so that a change made by the list or
///    by another screen reaches every screen showing that element.
/// 3. A screen whose element is no longer stored is removed: the stack is popped from it (the
///    screens above it go too), a presented child is dismissed.
///
/// Nothing is written when nothing differs, so an action that touches neither the elements
/// nor the screens leaves the state as it was.
public struct SharingReducer<Base: Reducer>: Reducer {
  let base: Base
  /// Brings the copies in step; returns whether it removed a screen or a child.
  let synchronize: (_ state: inout Base.State, _ before: Base.State) -> Bool

  /// Reduces `action` with the base reducer, then brings the shared copies in step.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let before = state
    let effect = base.reduce(into: &state, action: action)
    guard synchronize(&state, before) else { return effect }
    // The stack or presentation operator ran before the removal and does not see it: the
    // store ends the work of the children the state no longer holds, as after an undo.
    return .merged(effect, Effect(operation: .endMissingChildren))
  }
}

/// How to read and write a shared element's copy in a screen's state.
struct SharedSlot<Screen, Element> {
  let read: (Screen) -> Element?
  let write: (inout Screen, Element) -> Void

  init(_ keyPath: WritableKeyPath<Screen, Element>) {
    read = { $0[keyPath: keyPath] }
    write = { $0[keyPath: keyPath] = $1 }
  }

  init<ScreenState>(
    _ screenCase: EnumCase<Screen, ScreenState>, _ keyPath: WritableKeyPath<ScreenState, Element>
  ) {
    read = { screenCase.extract($0)?[keyPath: keyPath] }
    write = { screen, value in
      _ = screenCase.modify(&screen) { $0[keyPath: keyPath] = value }
    }
  }
}

/// The synchronizations of ``SharingReducer``, for each place copies live.
enum SharedCopies {
  /// The steps of ``SharingReducer`` for the screens of a stack.
  static func stack<State, Element: Identifiable & Equatable, Screen>(
    elements: WritableKeyPath<State, IdentifiedArray<Element>>,
    path: WritableKeyPath<State, StackState<Screen>>,
    slot: SharedSlot<Screen, Element>
  ) -> (inout State, State) -> Bool {
    { state, before in
      let stack = state[keyPath: path]
      guard !stack.isEmpty else { return false }
      let previous = before[keyPath: path]
      var stored = state[keyPath: elements]
      var storedChanged = false
      for id in stack.ids {
        guard
          let copy = stack[id: id].flatMap(slot.read),
          let old = previous[id: id].flatMap(slot.read), old.id == copy.id, old != copy,
          let current = stored[id: copy.id], current != copy
        else { continue }
        stored[id: copy.id] = copy
        storedChanged = true
      }
      var screens = stack
      var screensChanged = false
      var removed = false
      for id in stack.ids {
        guard var screen = screens[id: id], let copy = slot.read(screen) else { continue }
        guard let value = stored[id: copy.id] else {
          _ = screens.pop(from: id)
          screensChanged = true
          removed = true
          break
        }
        guard value != copy else { continue }
        slot.write(&screen, value)
        screens[id: id] = screen
        screensChanged = true
      }
      if storedChanged { state[keyPath: elements] = stored }
      if screensChanged { state[keyPath: path] = screens }
      return removed
    }
  }

  /// The steps of ``SharingReducer`` for a presented child.
  static func presented<State, Element: Identifiable & Equatable, Screen>(
    elements: WritableKeyPath<State, IdentifiedArray<Element>>,
    child: WritableKeyPath<State, Screen?>,
    slot: SharedSlot<Screen, Element>
  ) -> (inout State, State) -> Bool {
    { state, before in
      guard var screen = state[keyPath: child], let copy = slot.read(screen) else { return false }
      if let old = before[keyPath: child].flatMap(slot.read), old.id == copy.id, old != copy,
        let current = state[keyPath: elements][id: copy.id], current != copy
      {
        state[keyPath: elements][id: copy.id] = copy
      }
      guard let value = state[keyPath: elements][id: copy.id] else {
        state[keyPath: child] = nil
        return true
      }
      guard value != copy else { return false }
      slot.write(&screen, value)
      state[keyPath: child] = screen
      return false
    }
  }
}
