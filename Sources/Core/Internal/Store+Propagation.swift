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
  var isKeyPathRowScope: Bool { link?.isRowScope ?? false }

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
    switch link.update(&current) {
    case .changed:
      link.isGone = false
      changeCount &+= 1
    case .unchanged:
      link.isGone = false
    case .gone:
      link.isGone = true
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
    guard hasObservers else { return }
    let changeCount = changeCount
    // An observer may add or cancel observers meanwhile: those added have seen this change,
    // those cancelled have no `onChange` any more.
    if let first = firstObserver { notify(first, of: changeCount) }
    guard hasMoreObservers else { return }
    let more = moreObservers
    var index = 0
    while index < more.count {
      notify(more[index], of: changeCount)
      index += 1
    }
  }

  private func notify(_ observer: Observer<State>, of changeCount: UInt64) {
    guard observer.seen != changeCount, let onChange = observer.onChange else { return }
    observer.seen = changeCount
    onChange(current)
  }

  private func visitChildren() {
    // Iterate over a copy: an observer may register or unregister stores meanwhile (those
    // registered meanwhile are fresh already). A plain loop, not a closure: a main-actor
    // closure handed to the standard library checks its executor at run time on every call.
    let entries = children.entries
    guard !entries.isEmpty else { return }
    var vacantSlots = 0
    var index = 0
    while index < entries.count {
      if let child = entries[index].store {
        child.parentDidChange()
      } else {
        vacantSlots += 1
      }
      index += 1
    }
    if vacantSlots != 0 { children.visited(vacantSlots: vacantSlots) }
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
    guard isRegistered, let link, !hasObservers, !isTracked else { return }
    // Released children count until a compaction finds them gone; a short list is cheap to
    // check exactly.
    if children.count != 0 && children.entries.count <= 16 { children.compact() }
    guard children.count == 0 else { return }
    isRegistered = false
    children = ChildList()
    link.unregister(self)
  }

  func register(_ child: any ScopedChild) {
    children.append(child)
    activate()
    beginComparing()
  }

  /// For the root: compare each new state with the last from now on, so that an action that
  /// changes nothing propagates nothing.
  func beginComparing() {
    engine?.comparesStates = true
  }

  func unregister(_ child: any ScopedChild) {
    children.remove(child)
    deactivateIfIdle()
  }
}
