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
    var last = persisted.value
    // The whole state needs no comparison after the first call: `observe` calls only for a
    // distinct state.
    var comparesWhole = true
    let isWhole = (keyPath as AnyKeyPath) == (\State.self as AnyKeyPath)
    // A path of stored properties is read in place: the runtime's key-path read instantiates
    // generic metadata on every call.
    let offset = MemoryLayout<State>.offset(of: keyPath)
    return observe { state in
      let value: Value
      if let offset {
        var state = state
        value = withStoredProperty(at: offset, of: &state, as: Value.self) { $0 }
      } else {
        value = state[keyPath: keyPath]
      }
      if isWhole && !comparesWhole {
        persisted.save(value)
        return
      }
      comparesWhole = false
      guard value != last else { return }
      last = value
      persisted.save(value)
    }
  }
}
