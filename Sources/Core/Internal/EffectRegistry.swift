/// The effects a root store is running, and which cancellation ids they are registered under.
@MainActor
final class EffectRegistry {
  private var nextID: UInt64 = 0
  private var tasks: [UInt64: Task<Void, Never>] = [:]
  private var idsByCancelID: [CancelID: Set<UInt64>] = [:]
  private var cancelIDsByTask: [UInt64: [CancelID]] = [:]

  /// How many effect tasks are running.
  var count: Int { tasks.count }

  private func makeID() -> UInt64 {
    nextID &+= 1
    return nextID
  }

  /// Runs `operation` in a task registered under a new id until it ends.
  func spawn(
    priority: TaskPriority? = nil, _ operation: @escaping @MainActor () async -> Void
  ) -> RunningTask {
    let id = makeID()
    let task = Task(priority: priority) { @MainActor [weak self] in
      await operation()
      self?.didFinish(id)
    }
    insert(task, id: id)
    return RunningTask(id: id, task: task)
  }

  private func insert(_ task: Task<Void, Never>, id: UInt64) {
    tasks[id] = task
  }

  /// Whether the task `id` is still running.
  func isRunning(_ id: UInt64) -> Bool {
    tasks[id] != nil
  }

  func register(_ id: UInt64, under cancelID: CancelID) {
    guard tasks[id] != nil else { return }
    idsByCancelID[cancelID, default: []].insert(id)
    cancelIDsByTask[id, default: []].append(cancelID)
  }

  func didFinish(_ id: UInt64) {
    tasks[id] = nil
    guard let cancelIDs = cancelIDsByTask.removeValue(forKey: id) else { return }
    for cancelID in cancelIDs {
      idsByCancelID[cancelID]?.remove(id)
      if idsByCancelID[cancelID]?.isEmpty == true { idsByCancelID[cancelID] = nil }
    }
  }

  func cancel(_ cancelID: CancelID) {
    guard let ids = idsByCancelID.removeValue(forKey: cancelID) else { return }
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
