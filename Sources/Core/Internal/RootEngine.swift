/// What only a root store has: the reducer, the action queue and the running effects.
@MainActor
final class RootEngine<State, Action> {
  struct Queued {
    let action: Action
    /// The batch collecting the action's effects; `nil` for the outermost `send`'s.
    let batch: EffectBatch?
  }

  /// The root reducer's `reduce`, built where its type is known.
  let reduce: (inout State, Action) -> Effect<Action>
  let dependencies: DependencyValues
  var queue: [Queued] = [] {
    didSet { hasQueuedActions = !queue.isEmpty }
  }
  /// Whether `queue` is non-empty, readable without touching the generic array (which costs a
  /// metadata look-up in unspecialized code).
  private(set) var hasQueuedActions = false
  var isDraining = false
  /// Whether something (a registered scope) needs each new state compared with the last.
  var comparesStates = false
  let effects = EffectRegistry()

  init(
    reduce: @escaping (inout State, Action) -> Effect<Action>, dependencies: DependencyValues
  ) {
    self.reduce = reduce
    self.dependencies = dependencies
  }

  /// Queues an action sent while another is being processed; returns the batch that will
  /// collect its effects.
  ///
  /// A method of its own: code that touches `Queued` looks up its metadata first, and
  /// `process(_:)` should not pay for that on every action.
  func enqueue(_ action: Action) -> EffectBatch {
    let batch = EffectBatch()
    queue.append(Queued(action: action, batch: batch))
    return batch
  }

  isolated deinit {
    effects.cancelAll()
  }
}
