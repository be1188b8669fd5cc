/// The effects a root store is running, and which cancellation ids they are registered under.
@MainActor
final class EffectRegistry {
  private var nextID: UInt64 = 0
  private var tasks: [UInt64: Task<Void, Never>] = [:]
  private var idsByCancelID: [CancelID: Set<UInt64>] = [:]
  private var cancelIDsByTask: [UInt64: [CancelID]] = [:]

  /// How many effect tasks are running.
  var count: Int { tasks.count }

  /// The id the next `makeID()` returns.
  var peekNextID: UInt64 { nextID &+ 1 }

  func makeID() -> UInt64 {
    nextID &+= 1
    return nextID
  }

  func insert(_ task: Task<Void, Never>, id: UInt64) {
    tasks[id] = task
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
