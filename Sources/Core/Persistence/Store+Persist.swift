extension Store {
  /// Saves the part of the state at `keyPath` to `persisted` after every change.
  ///
  /// It observes the store (see ``observe(_:)``). The current part is saved at once unless it
  /// is the value ``PersistedState`` loaded; after that, the changes are handed over once per
  /// coalescing window: the first `send` that changes the store opens a window, and at its end
  /// the main actor reads the part, compares it with the value saved last, and hands a new one
  /// to the writer, which encodes and writes it on a background queue, atomically. A `send`
  /// takes no lock and copies nothing. ``PersistedState/flush(isolation:)`` called on the main
  /// actor hands over what waits first, and so does the end of the subscription. A value whose
  /// write fails stays pending in `persisted`, so the next change or
  /// ``PersistedState/flush(isolation:)`` writes it without the state having to change again.
  ///
  /// ```swift
  /// let saving = store.persist(\.settings, to: settings)
  /// ```
  ///
  /// The hand-over runs on the main actor: while it is busy, the changes made before wait for
  /// it (a value saved with ``PersistedState/save(_:)`` does not).
  ///
  /// - Parameters:
  ///   - keyPath: The part of the state to save.
  ///   - persisted: Where to save it.
  /// - Returns: The subscription: saving stops when it is cancelled or released, after
  ///   handing over the last changes.
  @inlinable
  public func persist<Value: Codable & Sendable & Equatable>(
    _ keyPath: KeyPath<State, Value>, to persisted: PersistedState<Value>
  ) -> StoreSubscription {
    // Only the observer is compiled where the store's type is known: called on every send
    // that changes the store, it would otherwise pass the state through generic code.
    let window = PersistWindow()
    let (observation, current) = observeChanges { _ in window.changed() }
    return startPersisting(
      keyPath, to: persisted, window: window, observation: observation, current: current)
  }

  /// Saves the current part unless it is the loaded value, and gives `window` its hand-over;
  /// the subscription returned ends both.
  @usableFromInline
  func startPersisting<Value: Codable & Sendable & Equatable>(
    _ keyPath: KeyPath<State, Value>, to persisted: PersistedState<Value>,
    window: PersistWindow, observation: StoreSubscription, current: State
  ) -> StoreSubscription {
    var last = persisted.value
    func save(_ value: Value, handingOver: Bool) {
      guard value != last else { return }
      last = value
      if handingOver { persisted.handOver(value) } else { persisted.save(value) }
    }
    window.windowNanoseconds = persisted.windowNanoseconds
    // Weakly: the subscription holds the store; once it is released, nothing is left to read.
    window.handOver = { [weak self] in
      guard let self else { return }
      save(state[keyPath: keyPath], handingOver: true)
    }
    save(current[keyPath: keyPath], handingOver: false)
    persisted.attach(window)
    return StoreSubscription {
      window.end()
      persisted.detach(window)
      observation.cancel()
    }
  }
}
