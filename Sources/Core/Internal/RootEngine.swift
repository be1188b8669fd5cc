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
  ///
  /// Boxed: a class reference reads and updates without the `Optional<State>` metadata look-up
  /// an optional value costs in unspecialized code.
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
///
/// The value lives behind a pointer the box owns and is read and written through addressors:
/// a class's stored property is accessed with a run-time exclusivity check (about a hundred
/// instructions), twice per action. Accesses never overlap: only the root store's
/// `rootDidReduce` touches the value, each time in one short statement.
final class SnapshotBox<State> {
  private let storage: UnsafeMutablePointer<State>

  var value: State {
    unsafeAddress { UnsafePointer(storage) }
    unsafeMutableAddress { storage }
  }

  init(_ value: State) {
    storage = .allocate(capacity: 1)
    storage.initialize(to: value)
  }

  deinit {
    storage.deinitialize(count: 1)
    storage.deallocate()
  }
}
