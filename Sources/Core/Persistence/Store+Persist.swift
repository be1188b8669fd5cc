extension Store {
  /// Saves the part of the state at `keyPath` to `persisted` after every change.
  ///
  /// It observes the store (see ``observe(_:)``): after each outermost ``send(_:)`` whose
  /// result changed that part, it hands the new value to ``PersistedState/save(_:)``, which
  /// returns at once; encoding and writing happen on a background queue, coalesced. The value
  /// ``PersistedState`` loaded is not saved again; anything else, the current state included,
  /// is. A value whose write fails stays pending in `persisted`, so the next change or
  /// ``PersistedState/flush()`` writes it without the state having to change again.
  ///
  /// ```swift
  /// let saving = store.persist(\.settings, to: settings)
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The part of the state to save.
  ///   - persisted: Where to save it.
  /// - Returns: The subscription: saving stops when it is cancelled or released.
  @inlinable
  public func persist<Value: Codable & Sendable & Equatable>(
    _ keyPath: KeyPath<State, Value>, to persisted: PersistedState<Value>
  ) -> StoreSubscription {
    if (keyPath as AnyKeyPath) == (\State.self as AnyKeyPath) {
      // The whole state (`Value` is `State`): the store calls only for a distinct state, so
      // every call saves, with nothing to compare or remember per send.
      let (subscription, current) = observeChanges { persisted.save($0 as! Value) }
      let value = current as! Value
      if value != persisted.value { persisted.save(value) }
      return subscription
    }
    // A path of stored properties is read in place: the runtime's key-path read instantiates
    // generic metadata on every call.
    let offset = MemoryLayout<State>.offset(of: keyPath)
    func read(_ state: State) -> Value {
      guard let offset else { return state[keyPath: keyPath] }
      var state = state
      return withStoredProperty(at: offset, of: &state, as: Value.self) { $0 }
    }
    // Called with the current state first: the part is compared with the loaded value too.
    var last = persisted.value
    return observe { state in
      let value = read(state)
      guard value != last else { return }
      last = value
      persisted.save(value)
    }
  }
}
