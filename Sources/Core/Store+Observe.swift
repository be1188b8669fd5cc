import Observation

extension Store {
  /// Calls `onChange` with the current state now, then once per outermost ``send(_:)`` whose
  /// result is a distinct state.
  ///
  /// The result is the state after the `send` and every action it queued synchronously
  /// (`.send` effects): a reducer that returns `.merge(.send(.a), .send(.b))` calls `onChange`
  /// once, with the state after `.b`. "Distinct" uses `==` when `State` is `Equatable`
  /// (always, for a scoped store): a `send` that leaves this store's state unchanged does not
  /// call `onChange`. A root store whose state is not `Equatable` calls it after every `send`.
  ///
  /// ```swift
  /// let subscription = profileStore.observe { profile in
  ///   render(profile)
  /// }
  /// ```
  ///
  /// The subscription keeps the store alive; it ends when it is cancelled or released.
  ///
  /// - Parameter onChange: Called on the main actor with each state.
  /// - Returns: The subscription.
  public func observe(_ onChange: @escaping @MainActor (State) -> Void) -> StoreSubscription {
    let (subscription, current) = observeChanges(onChange)
    onChange(current)
    return subscription
  }

  /// ``observe(_:)`` without its first call: `onChange` is called once per outermost
  /// ``send(_:)`` whose result is distinct from the state returned, the current one.
  @usableFromInline
  func observeChanges(
    _ onChange: @escaping @MainActor (State) -> Void
  ) -> (subscription: StoreSubscription, current: State) {
    // Added before attaching, so that the parent holds this store strongly from the start
    // (see `ChildSlot`): a store once held weakly keeps a side table, which slows each of its
    // retains and releases. Nothing is notified before this returns.
    let observer = Observer(onChange: onChange, seen: machine.version)
    observers.append(observer)
    attachIfNeeded()
    refreshIfNeeded()
    beginDedup()
    observer.seen = machine.version
    let subscription = StoreSubscription { [self] in
      observer.isActive = false
      observers.removeAll { $0 === observer }
      detachIfIdle()
    }
    return unsafe (subscription, current)
  }
}

extension Store where State: Sendable {
  /// The store's states as an asynchronous sequence: the current state, then each distinct
  /// state, as ``observe(_:)`` delivers them.
  ///
  /// ```swift
  /// for await profile in profileStore.states {
  ///   print(profile.name)
  /// }
  /// ```
  ///
  /// For a profile named "Ada" and renamed "Ada L." later, this prints `Ada`, then `Ada L.`.
  ///
  /// The observation ends when the iterating task is cancelled or the sequence is released.
  public var states: AsyncStream<State> {
    let (stream, continuation) = AsyncStream.makeStream(of: State.self)
    let subscription = observe { continuation.yield($0) }
    continuation.onTermination = { _ in
      Task { @MainActor in subscription.cancel() }
    }
    return stream
  }
}

extension Store: Observable {}
