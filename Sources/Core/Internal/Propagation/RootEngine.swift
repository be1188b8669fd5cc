/// What only a root store has: the reducer, its dependencies, the send loop's
/// ``RootMachine`` and the running effects.
@MainActor
final class RootEngine<State, Action> {
  /// An action sent while another was being processed.
  struct Queued {
    let action: Action
    /// The batch collecting the action's effects; `nil` for the outermost `send`'s.
    let batch: EffectBatch?
  }

  /// The root reducer's `reduce`, built where its type is known.
  let reduce: (inout State, Action) -> Effect<Action>
  let dependencies: DependencyValues
  var machine = RootMachine()
  /// The actions queued while the machine is reducing or committing, in order.
  private(set) var queue: [Queued] = []
  let effects = EffectRegistry()
  /// Set when an effect asks to end the work of the children the state no longer holds (after
  /// an undo); carried out against the reduced state once the queued actions are reduced.
  var endsMissingChildren = false

  init(
    reduce: @escaping (inout State, Action) -> Effect<Action>,
    dependencies: DependencyValues
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
    enqueue(action, batch: batch)
    return batch
  }

  /// Queues an action an effect delivers (`.send`), collecting its effects in `batch`.
  func enqueue(_ action: Action, batch: EffectBatch?) {
    queue.append(Queued(action: action, batch: batch))
    machine.queued()
  }

  /// Empties the queue once every action in it was reduced.
  func reducedQueue() {
    queue.removeAll(keepingCapacity: true)
    machine.reducedQueue()
  }

  isolated deinit {
    effects.cancelAll()
  }
}
