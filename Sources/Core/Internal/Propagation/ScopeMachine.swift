/// The propagation state of one store: which version of its state it holds, which version its
/// observers and children last heard of, whether its state is gone, whether its parent visits
/// it, and whether Observation may be tracking it.
///
/// A value type whose transitions return what the store must do next; the store performs it
/// (reads through its ``ScopeSource``, notifies, attaches or detaches). No transition calls
/// out, so the store's access to it never overlaps another.
///
/// ```
///            attach() (observed, read, or a child attached)
///  detached ───────────────────────────────────────────▶ attached(slot)
///     ▲                                                     │
///     └──── detach() (no observer, not tracked, no child) ──┘
/// ```
///
/// - `version` counts the distinct states: bumped by ``derived(_:atParentVersion:)`` when a
///   read found a change (a scoped store), or by ``committedDistinctState()`` (the root).
/// - A scoped store is *fresh* when it has derived its state at its parent's current version.
/// - ``beginAnnouncing()`` says whether observers and children have news to hear: once per
///   version.
/// - ``track()`` arms tracking when `state` is read; ``consumeTracking()`` disarms it when the
///   store tells Observation of a change, which fires each tracking closure once and forgets
///   it. A store read once and not read again so stops being visited after its next change.
struct ScopeMachine {
  /// Whether the parent visits the store after each change.
  enum Membership: Equatable {
    /// A root store: there is no parent.
    case root
    /// Not visited: the store derives its state lazily when read.
    case detached
    /// Visited by the parent, from `slot` of its ``ChildList`` (-1 when attached to an element
    /// group, which keys its stores by id).
    case attached(slot: Int)
  }

  /// Whether the state a scoped store is scoped to still exists.
  enum Presence {
    case present
    /// An optional that became `nil`, a removed element, a popped screen: the store keeps its
    /// last value.
    case gone
  }

  /// What to do with an action sent to the store.
  enum SendDecision {
    /// Embed it and send it to the parent (or reduce it, at the root).
    case forward
    /// Drop it and report it: the state it is for is gone.
    case dropGone
  }

  // Declared widest first, so that the fields pack without padding between them.
  /// Bumped whenever the state changes to a distinct value.
  private(set) var version: UInt64 = 0
  /// The version at which the store last notified its observers and visited its children.
  private(set) var announcedVersion: UInt64 = 0
  /// The parent's version when the store last derived its state.
  private(set) var seenParentVersion: UInt64
  private(set) var membership: Membership
  /// Whether the state can be gone (see ``ScopeSource/canVanish``): a send must refresh first.
  let canVanish: Bool
  private(set) var presence = Presence.present
  /// Whether `state` was read since the store last told Observation of a change, so that
  /// Observation may be tracking it.
  private(set) var isTracked = false

  /// A root store's machine.
  static var root: ScopeMachine { ScopeMachine(membership: .root, seenParentVersion: 0) }

  /// The machine of a store scoped from a parent at `parentVersion`, holding the state derived
  /// at that version.
  init(scopedAtParentVersion parentVersion: UInt64, canVanish: Bool) {
    self.init(membership: .detached, seenParentVersion: parentVersion, canVanish: canVanish)
  }

  private init(membership: Membership, seenParentVersion: UInt64, canVanish: Bool = false) {
    self.membership = membership
    self.seenParentVersion = seenParentVersion
    self.canVanish = canVanish
  }

  // MARK: Deriving

  /// Whether the state was derived at `parentVersion`.
  func isFresh(atParentVersion parentVersion: UInt64) -> Bool {
    seenParentVersion == parentVersion
  }

  /// Records what a read at `parentVersion` found.
  mutating func derived(_ read: ScopeRead, atParentVersion parentVersion: UInt64) {
    seenParentVersion = parentVersion
    switch read {
    case .changed:
      presence = .present
      version &+= 1
    case .unchanged:
      presence = .present
    case .vanished:
      presence = .gone
    }
  }

  /// A root store committed a state distinct from the last.
  mutating func committedDistinctState() {
    version &+= 1
  }

  // MARK: Announcing

  /// Whether observers and children have a version to hear of; if so, it is theirs now.
  mutating func beginAnnouncing() -> Bool {
    guard version != announcedVersion else { return false }
    announcedVersion = version
    return true
  }

  // MARK: Demand

  /// `state` was read: returns whether tracking was not armed, so the store must attach.
  mutating func track() -> Bool {
    guard !isTracked else { return false }
    isTracked = true
    return true
  }

  /// The store is about to tell Observation of a change, which consumes every tracking:
  /// returns whether tracking was armed (so Observation must be told).
  mutating func consumeTracking() -> Bool {
    guard isTracked else { return false }
    isTracked = false
    return true
  }

  /// Whether the parent visits the store.
  var isAttached: Bool {
    if case .attached = membership { return true }
    return false
  }

  /// Joins propagation: returns whether the store was detached, so it must attach to its
  /// source. Its observers and children have heard of its current version, which is fresh.
  mutating func attach() -> Bool {
    guard membership == .detached else { return false }
    membership = .attached(slot: -1)
    announcedVersion = version
    return true
  }

  /// Whether the store may leave propagation, as far as its observers and tracking go (it
  /// stays while a child is attached to it).
  func canDetach(hasObservers: Bool) -> Bool {
    isAttached && !hasObservers && !isTracked
  }

  /// Leaves propagation (after detaching from the source, which reads the slot).
  mutating func detach() {
    guard isAttached else { return }
    membership = .detached
  }

  /// The store's slot in its parent's ``ChildList``, or -1; set only while attached.
  var slot: Int {
    get {
      guard case .attached(let slot) = membership else { return -1 }
      return slot
    }
    set {
      guard isAttached else { return }
      membership = .attached(slot: newValue)
    }
  }

  // MARK: Sending

  /// What to do with a sent action, once the store is fresh.
  var sendDecision: SendDecision {
    presence == .gone ? .dropGone : .forward
  }
}
