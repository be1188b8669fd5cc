/// The source of a store scoped with a key path: `scope(state: \.profile, action: ...)`.
final class KeyPathSource<ParentState, ParentAction, State: Equatable, Action>: ScopeSource {
  let parent: Store<ParentState, ParentAction>
  let keyPath: KeyPath<ParentState, State>
  /// Sends an action to `parent`, embedded (see ``Store/forwarding``).
  let send: (Action) -> StoreTask
  /// Takes each new value (specialized for `State`).
  let replace: StateReplacement<State>
  /// The byte offset of the state when `keyPath` is a path of stored properties: reading it
  /// through a pointer is a load, where a key-path read in unspecialized generic code looks up
  /// run-time metadata first.
  let offset: Int?

  init(
    parent: Store<ParentState, ParentAction>, keyPath: KeyPath<ParentState, State>,
    send: @escaping (Action) -> StoreTask, replace: @escaping StateReplacement<State>
  ) {
    self.parent = parent
    self.keyPath = keyPath
    self.send = send
    self.replace = replace
    self.offset = MemoryLayout<ParentState>.offset(of: keyPath)
  }

  static var canVanish: Bool { false }
  var isRowScope: Bool { false }
  var parentVersion: UInt64 { parent.machine.version }
  func refreshParent() { parent.refreshIfNeeded() }

  func read(into current: inout State) -> ScopeRead {
    let isChanged =
      if let offset {
        unsafe withStoredProperty(at: offset, of: &parent.current, as: State.self) {
          replace(&current, $0)
        }
      } else {
        unsafe replace(&current, parent.current[keyPath: keyPath])
      }
    return isChanged ? .changed : .unchanged
  }

  func forward(_ action: Action) -> StoreTask { send(action) }
  var forwarding: ((Action) -> StoreTask)? { send }
  func attach(_ child: Store<State, Action>) { parent.attach(child) }
  func detach(_ child: Store<State, Action>) { parent.detach(child) }
  func observersChanged(_ child: Store<State, Action>) { parent.holdAgain(child) }
  var path: String { "\(keyPath)" }
  var origin: String { scopeOrigin(parent: parent, path: path) }

  func composing<Child: Equatable, ChildAction>(
    _ keyPath: KeyPath<State, Child>, send: @escaping (ChildAction) -> StoreTask,
    replace: @escaping StateReplacement<Child>
  ) -> (any ScopeSource<Child, ChildAction>)? {
    storedPath(appending: keyPath).map {
      KeyPathSource<ParentState, ParentAction, Child, ChildAction>(
        parent: parent, keyPath: $0, send: send, replace: replace)
    }
  }

  func composing<Child: Equatable, ChildAction>(
    _ keyPath: KeyPath<State, Child?>, send: @escaping (ChildAction) -> StoreTask,
    read: @escaping OptionalStateRead<State, Child>
  ) -> (any ScopeSource<Child, ChildAction>)? {
    guard let offset, let path = storedPath(appending: keyPath) else { return nil }
    return OptionalKeyPathSource<ParentState, ParentAction, Child, ChildAction>(
      parent: parent, keyPath: path, send: send,
      read: { parent, current in
        withStoredProperty(at: offset, of: &parent, as: State.self) { read(&$0, &current) }
      })
  }

  /// `keyPath` appended to this source's path, if the result is a path of stored properties.
  ///
  /// Only such paths are composed: the composed path is then one offset read, never a
  /// computed getter run once per child where it used to run once for this store.
  private func storedPath<Value>(appending keyPath: KeyPath<State, Value>)
    -> KeyPath<ParentState, Value>?
  {
    let path = self.keyPath.appending(path: keyPath)
    return MemoryLayout<ParentState>.offset(of: path) == nil ? nil : path
  }
}
