/// Keeping scoped stores up to date and telling observers.
///
/// Every store has a `changeCount`, bumped when its state changes to a distinct value. A scoped
/// store is fresh when it has seen its parent's current `changeCount`. After each action the
/// root visits its *registered* children (those observed or read); each re-derives its state
/// from its (fresh) parent, compares it with its last value, and only if it changed notifies
/// its observers and visits its own children. Unregistered stores are never visited: they
/// refresh lazily when read. Element stores register with their parent's element-scope group,
/// which the parent visits as one child and which visits only the stores of changed elements.
extension Store: ScopedChild {
  func refreshIfNeeded() {
    guard let link else { return }
    link.refreshParent()
    refresh(from: link)
  }

  /// Re-derives the state if the (fresh) parent changed since this store last looked.
  private func refresh(from link: ScopeLink<State, Action>) {
    let parentChangeCount = link.parentChangeCount
    guard link.parentChangeSeen != parentChangeCount else { return }
    link.parentChangeSeen = parentChangeCount
    guard let newValue = link.derive() else {
      link.isGone = true
      return
    }
    link.isGone = false
    if link.isDuplicate(current, newValue) {
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
    if isTracked, let registrar {
      registrar.withMutation(of: self, keyPath: \.state) {}
    }
    let observers = observers
    let count = observers.count
    guard count != 0 else { return }
    let changeCount = changeCount
    var index = 0
    while index < count {
      let observer = observers[index]
      index += 1
      guard observer.seen != changeCount, let onChange = observer.onChange else { continue }
      observer.seen = changeCount
      onChange(current)
    }
  }

  private func visitChildren() {
    // Iterate over a copy: an observer may register or unregister stores meanwhile. Children
    // registered meanwhile are fresh already.
    let children = children
    let count = children.count
    guard count != 0 else { return }
    var hasReleased = false
    var index = 0
    while index < count {
      if let child = children[index].store {
        child.parentDidChange()
      } else {
        hasReleased = true
      }
      index += 1
    }
    if hasReleased { self.children.removeAll { $0.store == nil } }
  }

  /// Makes this store part of propagation: fresh now, and visited after each action.
  func activate() {
    guard !isRegistered, let link else { return }
    refreshIfNeeded()
    isRegistered = true
    propagatedChangeCount = changeCount
    link.register(self)
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
    link.unregister(self)
  }

  func register(_ child: any ScopedChild) {
    children.append(WeakChild(store: child))
    activate()
    engine?.needsSnapshot = true
  }

  func unregister(_ child: any ScopedChild) {
    children.removeAll { $0.store === child || $0.store == nil }
    deactivateIfIdle()
  }
}
