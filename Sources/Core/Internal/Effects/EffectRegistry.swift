import Synchronization

/// The effects a root store is running, indexed by the child instance that started them and by
/// the cancellation ids they are registered under.
///
/// An effect a child at path `P` registers under id `X` is indexed under `X` at `P` and at
/// every path above `P`: a `.cancel(id: X)` returned at `P` or by one of `P`'s ancestors
/// reaches it, one returned by a sibling does not. An effect started at `P` is also indexed
/// under `P` and every non-root path above it, so ending the child at `P` (dismissed, removed,
/// replaced by another identity) cancels it and its descendants' effects.
///
/// The registry is the one record of which children have work running: a presentation or a
/// stack asks it, after a pass, to end those of its children that are no longer in the state
/// (``Effect/Operation/cancelChildren(_:)``), however they left it (dismissed by another
/// reducer, or taken away by an undo that restored an older value).
@MainActor
final class EffectRegistry {
  /// A set of effects cancelled together.
  private enum Key: Hashable {
    /// Registered under the id by the child at the path, or by one of its descendants.
    case id(ChildPath, HashableValue)
    /// Started by the child at the path, or by one of its descendants.
    case child(ChildPath)
  }

  private var nextID: UInt64 = 0
  private var tasks: [UInt64: Task<Void, Never>] = [:]
  /// How many spawned tasks have not begun to run yet: until one does, nothing else shows that
  /// it will (see `Store.startingEffectCount`).
  private(set) var startingCount = 0
  private var idsByKey: [Key: Set<UInt64>] = [:]
  private var keysByTask: [UInt64: [Key]] = [:]
  /// For each path, its children that have effects running (or whose descendants do): the
  /// last components of the `.child` keys, by the path above them.
  private var runningChildren: [ChildPath: Set<ChildComponent>] = [:]
  /// The throttle windows of this store, by child path, id and clock.
  private(set) var throttleWindows: [ThrottleKey: any ThrottleWindow] = [:]
  /// Changes, to a value no registry had before, whenever a child starts work or keeps a
  /// throttle window: a request to end children carried out at the same stamp would end
  /// nothing more (see ``ChildEnding``).
  private(set) var stamp = newStamp()
  private static let stamps = Atomic<UInt64>(0)

  private static func newStamp() -> UInt64 {
    stamps.add(1, ordering: .relaxed).newValue
  }

  /// The throttle window kept under `key`, made with `make` if there is none.
  func throttleWindow(
    for key: ThrottleKey, _ make: () -> any ThrottleWindow
  ) -> any ThrottleWindow {
    if let existing = throttleWindows[key] { return existing }
    let window = make()
    throttleWindows[key] = window
    stamp = Self.newStamp()
    return window
  }

  /// How many effect tasks are running.
  var count: Int { tasks.count }

  /// Whether nothing runs and no throttle window is kept: a cancellation has nothing to do.
  var isIdle: Bool { tasks.isEmpty && throttleWindows.isEmpty }

  private func makeID() -> UInt64 {
    nextID &+= 1
    return nextID
  }

  /// Runs `operation` in a task registered under a new id until it ends.
  ///
  /// The task starts with no ``Dismissal`` in force, whichever task started it: an effect is
  /// often started from another one (an action it sent, a `.concatenate`), and would otherwise
  /// inherit that effect's dismissal, so that a parent's `dismiss()` dismissed the presented
  /// child whose action led to the parent's effect. A presented or stacked child's effects
  /// install their own (``Effect/dismissing(with:)``).
  func spawn(
    priority: TaskPriority? = nil, _ operation: @escaping @MainActor () async -> Void
  ) -> RunningTask {
    let id = makeID()
    startingCount += 1
    let task = Task(priority: priority) { @MainActor [weak self] in
      // Every task runs this, cancelled or not, so the count comes back to 0.
      self?.startingCount -= 1
      await Dismissal.$current.withValue(nil) { await operation() }
      self?.didFinish(id)
    }
    tasks[id] = task
    return RunningTask(id: id, task: task)
  }

  /// Whether the task `id` is still running.
  func isRunning(_ id: UInt64) -> Bool {
    tasks[id] != nil
  }

  /// Registers task `id`, started by the child at `path`, so that ending that child or one of
  /// its ancestors cancels it.
  func register(_ id: UInt64, startedAt path: ChildPath) {
    guard !path.isRoot else { return }
    for prefix in path.prefixes where !prefix.isRoot { insert(id, under: .child(prefix)) }
  }

  /// Registers task `id` under the cancellation id `cancelID` returned at `path`.
  func register(_ id: UInt64, under cancelID: HashableValue, at path: ChildPath) {
    for prefix in path.prefixes { insert(id, under: .id(prefix, cancelID)) }
  }

  private func insert(_ id: UInt64, under key: Key) {
    guard tasks[id] != nil else { return }
    let isNew = idsByKey[key] == nil
    guard idsByKey[key, default: []].insert(id).inserted else { return }
    keysByTask[id, default: []].append(key)
    if isNew, case let .child(path) = key, let (parent, component) = path.split() {
      runningChildren[parent, default: []].insert(component)
      stamp = Self.newStamp()
    }
  }

  func didFinish(_ id: UInt64) {
    tasks[id] = nil
    guard let keys = keysByTask.removeValue(forKey: id) else { return }
    for key in keys {
      guard idsByKey[key]?.remove(id) != nil, idsByKey[key]?.isEmpty == true else { continue }
      remove(key)
    }
  }

  /// Forgets `key`, whose effects ended or were cancelled.
  private func remove(_ key: Key) {
    idsByKey[key] = nil
    guard case let .child(path) = key, let (parent, component) = path.split() else { return }
    runningChildren[parent]?.remove(component)
    if runningChildren[parent]?.isEmpty == true { runningChildren[parent] = nil }
  }

  /// Cancels the effects registered under `cancelID` at `path` or below it.
  func cancel(_ cancelID: HashableValue, at path: ChildPath) {
    cancel(.id(path, cancelID))
  }

  /// Cancels every effect that the children of `path` for which `ends` holds started, and
  /// those of their descendants, and forgets their throttle windows.
  func cancelChildren(of path: ChildPath, where ends: (ChildComponent) -> Bool) {
    if let children = runningChildren[path] {
      for child in children where ends(child) { cancel(.child(path.appending(child))) }
    }
    guard !throttleWindows.isEmpty else { return }
    let depth = path.components.count
    for key in throttleWindows.keys
    where key.path.components.count > depth && key.path.hasPrefix(path)
      && ends(key.path.components[depth])
    {
      throttleWindows[key] = nil
    }
  }

  /// Cancels the work of every child whose path no longer leads to a child in `root`, the root
  /// store's state, and forgets their throttle windows (see ``ChildPath/isPresent(in:)``).
  func endChildren(notIn root: Any) {
    let paths = idsByKey.keys.compactMap { key -> ChildPath? in
      guard case let .child(path) = key else { return nil }
      return path
    }
    var gone: [ChildPath] = []
    for path in paths.sorted(by: { $0.components.count < $1.components.count })
    where !gone.contains(where: { path.hasPrefix($0) }) && !path.isPresent(in: root) {
      cancel(.child(path))
      gone.append(path)
    }
    guard !gone.isEmpty, !throttleWindows.isEmpty else { return }
    for key in throttleWindows.keys where gone.contains(where: { key.path.hasPrefix($0) }) {
      throttleWindows[key] = nil
    }
  }

  private func cancel(_ key: Key) {
    guard let ids = idsByKey[key] else { return }
    remove(key)
    for id in ids { tasks[id]?.cancel() }
  }

  func cancelAll() {
    for task in tasks.values { task.cancel() }
  }
}

/// An effect task and its id in the ``EffectRegistry`` (absent from it once finished).
struct RunningTask {
  let id: UInt64
  let task: Task<Void, Never>
}
