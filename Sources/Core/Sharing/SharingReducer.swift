/// A reducer that keeps the copies of shared elements, held by screens, in step with the one
/// stored copy: what `share(_:with:in:at:)` and its overloads return. A chain of `share` calls
/// is one such reducer, whose rules run together.
///
/// After the reducer under the chain reduces an action, in this order:
/// 1. Each screen that was there before the action, showing the same element, and whose copy
///    the action changed writes its copy to the stored element with the same id (screens
///    lower in the stack first, so the top screen's change wins when two changed the same
///    element).
/// 2. Each screen then gets the stored element's value, so that a change made by the list or
///    by another screen reaches every screen showing that element, whichever `share` keeps it.
/// 3. A screen whose element is no longer stored is removed: the stack is popped from it (the
///    screens above it go too), a presented child is dismissed, and their work is ended.
///
/// Nothing is written when nothing differs, so an action that touches neither the elements
/// nor the screens leaves the state as it was.
public struct SharingReducer<Base: Reducer>: Reducer {
  /// The reducer under this `share`, or under the first of a chain of them.
  let reduceBase: (inout Base.State, Base.Action) -> Effect<Base.Action>
  /// The rules of every `share` of the chain, in order.
  let rules: [SharingRule<Base.State>]

  init(base: Base, rule: SharingRule<Base.State>) {
    // A chain of `share` calls is one reducer whose rules run together: every write-back
    // before any copy-down, so that a change one screen made reaches, in the same action, the
    // screens that an earlier `share` of the chain keeps.
    if let chain = base as? any SharingChain<Base.State, Base.Action> {
      reduceBase = chain.reduceBase
      rules = chain.rules + [rule]
    } else {
      reduceBase = { base.reduce(into: &$0, action: $1) }
      rules = [rule]
    }
  }

  /// Reduces `action` with the base reducer, then brings the shared copies in step.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let before = state
    let effect = reduceBase(&state, action)
    for rule in rules { rule.writeBack(&state, before) }
    var removed = false
    for rule in rules where rule.copyDown(&state) { removed = true }
    guard removed else { return effect }
    // The stack or presentation operator ran before the removal and does not see it: the
    // store ends the work of the children the state no longer holds, as after an undo.
    return .merged(effect, Effect(operation: .endMissingChildren))
  }
}

/// A ``SharingReducer`` seen by the `share` chained after it, whatever its base.
protocol SharingChain<State, Action> {
  associatedtype State
  associatedtype Action
  var reduceBase: (inout State, Action) -> Effect<Action> { get }
  var rules: [SharingRule<State>] { get }
}

extension SharingReducer: SharingChain {}

/// One `share`: the elements, and where their copies live.
struct SharingRule<State> {
  /// Writes to the stored elements the copies that the action changed.
  let writeBack: (_ state: inout State, _ before: State) -> Void
  /// Gives every copy its stored value, and removes the screens whose element is gone;
  /// returns whether it removed one.
  let copyDown: (_ state: inout State) -> Bool
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

/// The rules of ``SharingReducer``, for each place copies live.
enum SharedCopies {
  /// The rule for the screens of a stack.
  static func stack<State, Element: Identifiable & Equatable, Screen>(
    elements: WritableKeyPath<State, IdentifiedArray<Element>>,
    path: WritableKeyPath<State, StackState<Screen>>,
    slot: SharedSlot<Screen, Element>
  ) -> SharingRule<State> {
    SharingRule(
      writeBack: { state, before in
        let stack = state[keyPath: path]
        guard !stack.isEmpty else { return }
        let previous = before[keyPath: path]
        var stored = state[keyPath: elements]
        var storedChanged = false
        // Bottom to top: the top screen's change wins when two changed the same element.
        for id in stack.ids {
          guard
            let copy = stack[id: id].flatMap(slot.read),
            let old = previous[id: id].flatMap(slot.read), old.id == copy.id, old != copy,
            let current = stored[id: copy.id], current != copy
          else { continue }
          stored[id: copy.id] = copy
          storedChanged = true
        }
        if storedChanged { state[keyPath: elements] = stored }
      },
      copyDown: { state in
        let stack = state[keyPath: path]
        guard !stack.isEmpty else { return false }
        let stored = state[keyPath: elements]
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
        if screensChanged { state[keyPath: path] = screens }
        return removed
      })
  }

  /// The rule for a presented child.
  static func presented<State, Element: Identifiable & Equatable, Screen>(
    source: SharedSource<State, Element>,
    child: WritableKeyPath<State, Screen?>,
    slot: SharedSlot<Screen, Element>
  ) -> SharingRule<State> {
    SharingRule(
      writeBack: { state, before in
        guard
          let copy = state[keyPath: child].flatMap(slot.read),
          let old = before[keyPath: child].flatMap(slot.read), old.id == copy.id, old != copy,
          let current = source.element(state, copy.id), current != copy
        else { return }
        source.store(&state, copy)
      },
      copyDown: { state in
        guard var screen = state[keyPath: child], let copy = slot.read(screen) else {
          return false
        }
        guard let value = source.element(state, copy.id) else {
          state[keyPath: child] = nil
          return true
        }
        guard value != copy else { return false }
        slot.write(&screen, value)
        state[keyPath: child] = screen
        return false
      })
  }
}

/// Where the one stored copy of a presented child's element is: an element of an
/// `IdentifiedArray`, or a single value (a screen sharing its own element with its child).
struct SharedSource<State, Element: Identifiable> {
  /// The stored element with the id, if any.
  let element: (State, Element.ID) -> Element?
  /// Stores an element whose id ``element`` found.
  let store: (inout State, Element) -> Void

  init(_ elements: WritableKeyPath<State, IdentifiedArray<Element>>) {
    element = { $0[keyPath: elements][id: $1] }
    store = { $0[keyPath: elements][id: $1.id] = $1 }
  }

  init(_ value: WritableKeyPath<State, Element>) {
    element = { state, id in
      let value = state[keyPath: value]
      return value.id == id ? value : nil
    }
    store = { $0[keyPath: value] = $1 }
  }
}
