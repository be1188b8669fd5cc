/// Keeping scoped stores up to date and telling observers; the state each store keeps for it is
/// its ``ScopeMachine``.
///
/// Every store has a `version`, bumped when its state changes to a distinct value. A scoped
/// store is fresh when it has derived its state at its parent's current version. After each
/// action the root visits its *attached* children (those observed, tracked by Observation, or
/// with attached children of their own); each re-derives its state from its (fresh) parent,
/// compares it with its last value, and only if it changed notifies its observers and visits
/// its own children. Detached stores are never visited: they refresh lazily when read. Element
/// stores attach to their parent's element-scope group, which the parent visits as one child
/// and which visits only the stores of changed elements.
extension Store: ScopedChild {
  var isKeyPathRowScope: Bool { source?.isRowScope ?? false }
  var isKeptAliveElsewhere: Bool { hasObservers }

  var slot: Int {
    get { machine.slot }
    set { machine.slot = newValue }
  }

  func refreshIfNeeded() {
    guard source != nil else { return }
    source!.refreshParent()
    refresh(from: source!)
  }

  /// Re-derives the state if the (fresh) parent changed since this store last looked.
  private func refresh(from source: any ScopeSource<State, Action>) {
    let parentVersion = source.parentVersion
    guard !machine.isFresh(atParentVersion: parentVersion) else { return }
    let read = unsafe source.read(into: &current)
    machine.derived(read, atParentVersion: parentVersion)
  }

  /// Re-derives the state and, if it changed, notifies Observation and the observers (with a
  /// copy of the state only when there are observers), then visits attached children.
  func parentDidChange() {
    // Not bound (see `send(_:)`): a bound copy of the source costs a retain and a release.
    guard source != nil else { return }
    refresh(from: source!)
    guard machine.beginAnnouncing() else { return }
    let consumedTracking = notifyObservation()
    if hasObservers { unsafe notifyObservers(current) }
    endAnnouncing(consumedTracking: consumedTracking)
  }

  /// Notifies the observers of the root's committed state, `state`, of a change they have not
  /// heard of, then visits attached children.
  ///
  /// The root passes the value it just committed, which it holds already, rather than reading
  /// `current` again: a copy of the state retains every reference the state holds.
  func propagate(announcing state: State) {
    guard machine.beginAnnouncing() else { return }
    let consumedTracking = notifyObservation()
    if hasObservers { notifyObservers(state) }
    endAnnouncing(consumedTracking: consumedTracking)
  }

  /// Visits attached children; detaches afterwards if the change consumed the last reason to
  /// be visited.
  private func endAnnouncing(consumedTracking: Bool) {
    visitChildren()
    if consumedTracking { detachIfIdle() }
  }

  /// Tells Observation; returns whether its tracking was consumed.
  private func notifyObservation() -> Bool {
    // Disarmed before Observation runs the tracking closures, so that a closure reading
    // `state` again arms it again.
    let consumedTracking = machine.consumeTracking()
    if consumedTracking { announceMutation() }
    return consumedTracking
  }

  /// Tells the registrar that `state` changed. Out of line: the registrar's type is resilient,
  /// so a function handling it looks its metadata up on every call, even on the usual path
  /// where nothing is tracked.
  @inline(never)
  private func announceMutation() {
    registrar?.withMutation(of: self, keyPath: \.state) {}
  }

  /// Tells the observers that `state`, the current state, is new to them.
  private func notifyObservers(_ state: State) {
    let version = machine.version
    // An observer may add or cancel observers meanwhile: those added have seen this change,
    // those cancelled are no longer active.
    guard let first = firstObserver else { return }
    notify(first, of: version, state)
    guard hasMoreObservers else { return }
    // Each observer is moved out of the cursor, not copied: a copy would retain and release
    // it once more.
    var observer = first.next
    while let current = consume observer {
      notify(current, of: version, state)
      observer = current.next
    }
  }

  private func notify(_ observer: Observer<State>, of version: UInt64, _ state: State) {
    guard observer.seen != version, observer.isActive else { return }
    observer.seen = version
    observer.onChange(state)
  }

  private func visitChildren() {
    // Iterate over a copy: an observer may attach or detach stores meanwhile (those attached
    // meanwhile are fresh already). A plain loop, not a closure: a main-actor closure handed
    // to the standard library checks its executor at run time on every call.
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
    if vacantSlots != 0 && editChildren({ $0.compactIfMostlyVacant(vacantSlots) }) {
      renumberChildren(from: 0)
    }
  }

  /// Makes this store part of propagation: fresh now, and visited after each action.
  func attachIfNeeded() {
    guard let source, !machine.isAttached else { return }
    refreshIfNeeded()
    guard machine.attach() else { return }
    source.attach(self)
  }

  /// Leaves propagation when nothing needs it any more: no observer, not tracked, no attached
  /// child.
  func detachIfIdle() {
    guard let source, machine.canDetach(hasObservers: hasObservers) else { return }
    // Released children count until a compaction finds them gone; a short list is cheap to
    // check exactly.
    if children.count != 0 && children.entries.count <= 16 {
      editChildren { $0.compact() }
      renumberChildren(from: 0)
    }
    guard children.count == 0 else { return }
    editChildren { $0 = ChildList() }
    // Detached from the source first: the parent's list reads the slot to find this store.
    source.detach(self)
    machine.detach()
  }

  /// Attaches a child store or element-scope group, so that this store visits it after each
  /// change.
  func attach(_ child: any ScopedChild) {
    let entry = ChildSlot(store: child, depth: child.depth)
    let slot = editChildren { $0.insert(entry) }
    child.slot = slot
    renumberChildren(from: slot + 1)
    attachIfNeeded()
    beginDedup()
  }

  /// For the root: compare each new state with the last from now on, so that an action that
  /// changes nothing propagates nothing.
  func beginDedup() {
    engine?.machine.dedup = true
  }

  /// Holds `child` strongly or weakly again, after its observers came or went.
  func holdAgain(_ child: any ScopedChild) {
    children.entry(child.slot, holding: child)?.hold(child)
  }

  func detach(_ child: any ScopedChild) {
    let slot = child.slot
    child.slot = -1
    if editChildren({ $0.clear(slot, holding: child) }) { renumberChildren(from: 0) }
    detachIfIdle()
  }

  /// Runs `edit` on the list of children moved out of this store, then moves it back: the
  /// store's own accesses to its list are then only moves, which the compiler proves
  /// exclusive, so it leaves out the run-time check on every read of the list. Whatever `edit`
  /// releases (a reallocated buffer, a child), and whatever that runs, it does outside those
  /// accesses.
  private func editChildren<Result>(_ edit: (inout ChildList) -> Result) -> Result {
    var list = ChildList()
    swap(&list, &children)
    defer { swap(&list, &children) }
    return edit(&list)
  }

  /// Tells the children in slots `start` and after which slot they are in, after the list
  /// moved them. The list itself never calls out to a child (see ``ChildList``).
  private func renumberChildren(from start: Int) {
    let entries = children.entries
    var index = start
    while index < entries.count {
      entries[index].store?.slot = index
      index += 1
    }
  }
}
