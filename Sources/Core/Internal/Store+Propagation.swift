/// Keeping scoped stores up to date and telling observers.
///
/// Every store has a `changeCount`, bumped when its state changes to a distinct value. A scoped
/// store is fresh when it has seen its parent's current `changeCount`. After each action the
/// root visits its *registered* children (those observed or read); each re-derives its state
/// from its (fresh) parent, compares it with its last value, and only if it changed notifies
/// its observers and visits its own children. Unregistered stores are never visited: they
/// refresh lazily when read.
extension Store: ParentStore, ScopedChild {
  func refreshIfNeeded() {
    guard let link else { return }
    link.parent.refreshIfNeeded()
    refresh(from: link)
  }

  /// Re-derives the state if the (fresh) parent changed since this store last looked.
  private func refresh(from link: ScopeLink<State, Action>) {
    let parentChangeCount = link.parent.changeCount
    guard link.parentChangeSeen != parentChangeCount else { return }
    link.parentChangeSeen = parentChangeCount
    guard let newValue = link.derive() else {
      link.isGone = true
      return
    }
    link.isGone = false
    if let isDuplicate, isDuplicate(current, newValue) {
      // Keep the parent's copy so that later comparisons can short-circuit on shared storage.
      current = newValue
    } else {
      current = newValue
      changeCount &+= 1
    }
  }

  func parentDidChange() {
    guard let link else { return }
    refresh(from: link)
    propagate()
  }

  /// Notifies observers of a change they have not seen, then visits registered children if
  /// this store changed since it last visited them.
  func propagate() {
    guard changeCount != propagatedChangeCount else { return }
    propagatedChangeCount = changeCount
    notifyObservers()
    visitChildren()
  }

  private func notifyObservers() {
    if isTracked {
      registrar.withMutation(of: self, keyPath: \.state) {}
    }
    guard !observers.isEmpty else { return }
    let changeCount = changeCount
    for observer in observers where observer.seen != changeCount {
      guard let onChange = observer.onChange else { continue }
      observer.seen = changeCount
      onChange(current)
    }
  }

  private func visitChildren() {
    guard !children.isEmpty else { return }
    var hasReleased = false
    // Visit the children present at the start (those registered while visiting are fresh
    // already), from a copy: an observer may end a subscription meanwhile, and the store that
    // leaves propagation then unregisters from `children`.
    let children = children
    for child in children {
      if let child = child.store {
        child.parentDidChange()
      } else {
        hasReleased = true
      }
    }
    if hasReleased { self.children.removeAll { $0.store == nil } }
  }

  /// Makes this store part of propagation: fresh now, and visited after each action.
  func activate() {
    guard !isRegistered, let link else { return }
    refreshIfNeeded()
    isRegistered = true
    propagatedChangeCount = changeCount
    link.parent.register(self)
  }

  /// Leaves propagation when nothing needs it any more: no observer, not read, no registered
  /// child.
  func deactivateIfIdle() {
    guard
      isRegistered, let link, observers.isEmpty, !isTracked,
      !children.contains(where: { $0.store != nil })
    else { return }
    isRegistered = false
    children.removeAll()
    link.parent.unregister(self)
  }

  func register(_ child: any ScopedChild) {
    children.append(WeakChild(store: child))
    activate()
    beginComparing()
  }

  /// For the root: keep the state after each action from now on, so the next action can be
  /// compared with it.
  func beginComparing() {
    guard let engine else { return }
    engine.needsSnapshot = true
    if isDuplicate != nil, engine.snapshot == nil { engine.snapshot = current }
  }

  func unregister(_ child: any ScopedChild) {
    children.removeAll { $0.store === child || $0.store == nil }
    deactivateIfIdle()
  }
}
