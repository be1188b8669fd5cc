/// The root store's send loop as a value: its phase, and whether actions were queued meanwhile.
///
/// ```
///        send (not re-entrant)          queue empty
///  idle ─────────────────────▶ reducing ──────────▶ committing ──▶ idle
///                                 ▲                     │
///                                 └──── queued sends ───┘
/// ```
///
/// - `idle`: a send starts reducing into a working copy of the state.
/// - `reducing`: actions sent meanwhile (`.send` effects, a reducer calling `send`) are queued
///   and reduced in order behind the current one; the committed state does not change.
/// - `committing`: the working copy is compared with the committed state, committed, and
///   propagated; an observer's send is queued, and reduced in another round once propagation
///   is done.
///
/// The queued actions themselves sit beside the machine, in ``RootEngine/queue``: the machine
/// knows only whether there are some, so that it is not generic (in unspecialized code every
/// access to a generic value costs a run-time metadata look-up, twice per send).
///
/// Every transition checks the phase it leaves with `assert`: the store's loop is its only
/// caller.
struct RootMachine {
  enum Phase {
    case idle
    case reducing
    case committing
  }

  private(set) var phase = Phase.idle
  /// Whether actions wait in the engine's queue.
  private(set) var hasQueuedActions = false
  /// Whether each new state is compared with the last, so that one equal to it propagates
  /// nothing: set once something attaches, observes or reads the state.
  var dedup = false

  /// A send arrived: returns `true` when the machine was idle and is now reducing (the caller
  /// reduces the action), `false` when the caller must queue it.
  mutating func beginReducing() -> Bool {
    guard phase == .idle else { return false }
    phase = .reducing
    return true
  }

  /// An action was queued.
  mutating func queued() {
    hasQueuedActions = true
  }

  /// Every queued action was reduced, and the queue emptied.
  mutating func reducedQueue() {
    assert(phase == .reducing, "reducedQueue() while \(phase)")
    hasQueuedActions = false
  }

  /// The working copy is ready to commit.
  mutating func beginCommitting() {
    assert(phase == .reducing, "beginCommitting() while \(phase)")
    phase = .committing
  }

  /// The commit (and its propagation) is done: returns `true` when sends were queued meanwhile
  /// and the machine is reducing again, `false` when it is idle.
  mutating func endCommitting() -> Bool {
    assert(phase == .committing, "endCommitting() while \(phase)")
    phase = hasQueuedActions ? .reducing : .idle
    return hasQueuedActions
  }

  /// Nothing was reduced (an effect started outside of `send` queued no action): back to idle.
  mutating func endReducingUnchanged() {
    assert(phase == .reducing && !hasQueuedActions, "endReducingUnchanged() while \(phase)")
    phase = .idle
  }
}
