/// The root store's send loop as a value: its phase and the actions queued meanwhile.
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
/// Every transition checks the phase it leaves with `assert`: the store's loop is its only
/// caller.
@MainActor
struct RootMachine<Action> {
  enum Phase {
    case idle
    case reducing
    case committing
  }

  /// An action sent while another was being processed.
  struct Queued {
    let action: Action
    /// The batch collecting the action's effects; `nil` for the outermost `send`'s.
    let batch: EffectBatch?
  }

  private(set) var phase = Phase.idle
  private(set) var queue: [Queued] = [] {
    didSet { hasQueuedActions = !queue.isEmpty }
  }
  /// Whether `queue` is non-empty, readable without touching the generic array (which costs a
  /// metadata look-up in unspecialized code).
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

  /// Queues an action sent while another is being processed; returns the batch that will
  /// collect its effects.
  ///
  /// A method of its own: code that touches `Queued` looks up its metadata first, and the send
  /// path should not pay for that on every action.
  mutating func enqueue(_ action: Action) -> EffectBatch {
    let batch = EffectBatch()
    enqueue(action, batch: batch)
    return batch
  }

  /// Queues an action an effect delivers (`.send`), collecting its effects in `batch`.
  mutating func enqueue(_ action: Action, batch: EffectBatch?) {
    queue.append(Queued(action: action, batch: batch))
  }

  /// The queued action at `index`, while reducing.
  func queued(at index: Int) -> Queued {
    queue[index]
  }

  /// Every queued action was reduced.
  mutating func reducedQueue() {
    assert(phase == .reducing, "reducedQueue() while \(phase)")
    queue.removeAll(keepingCapacity: true)
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
