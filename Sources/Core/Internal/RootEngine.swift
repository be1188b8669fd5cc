/// What only a root store has: the reducer, the action queue and the running effects.
@MainActor
final class RootEngine<State, Action> {
  struct Queued {
    let action: Action
    /// The batch collecting the action's effects; `nil` for the outermost `send`'s.
    let batch: EffectBatch?
  }

  let reducer: any Reducer<State, Action>
  let dependencies: DependencyValues
  var queue: [Queued] = [] {
    didSet { hasQueuedActions = !queue.isEmpty }
  }
  /// Whether `queue` is non-empty, readable without touching the generic array (which costs a
  /// metadata look-up in unspecialized code).
  private(set) var hasQueuedActions = false
  var isDraining = false
  /// The state after the previous action, kept only while something compares against it.
  var snapshot: State? {
    get { snapshotBox?.value }
    set { snapshotBox = newValue.map(SnapshotBox.init) }
  }
  /// `snapshot`, boxed: a class reference reads and updates without the `Optional<State>`
  /// metadata look-up an optional value costs in unspecialized code.
  var snapshotBox: SnapshotBox<State>?
  var needsSnapshot = false
  let effects = EffectRegistry()

  init(reducer: any Reducer<State, Action>, dependencies: DependencyValues) {
    self.reducer = reducer
    self.dependencies = dependencies
  }

  isolated deinit {
    effects.cancelAll()
  }
}

/// A mutable box for the root's previous state.
final class SnapshotBox<State> {
  var value: State

  init(_ value: State) {
    self.value = value
  }
}
