/// The root store's loop: reduce queued actions in order, start their effects, propagate.
extension Store {
  func process(_ action: Action) -> StoreTask {
    guard let engine else { preconditionFailure("process(_:) is only called on a root store") }
    if engine.isDraining {
      let batch = EffectBatch()
      engine.queue.append(.init(action: action, batch: batch))
      return StoreTask(batch: batch)
    }
    // The common case, an action that sends none back, goes straight through without the
    // queue.
    engine.isDraining = true
    var tasks: [Task<Void, Never>] = []
    handle(action, batch: nil, into: &tasks, engine)
    engine.isDraining = false
    if engine.hasQueuedActions { tasks += drain(engine) }
    return StoreTask(batch: tasks.isEmpty ? nil : EffectBatch(tasks: tasks))
  }

  /// Processes the queue; returns the tasks started for actions queued without a batch.
  ///
  /// Kept out of line so that `process(_:)` does not look up the metadata of `Queued` on
  /// every action.
  @inline(never)
  func drain(_ engine: RootEngine<State, Action>) -> [Task<Void, Never>] {
    engine.isDraining = true
    defer {
      engine.queue.removeAll(keepingCapacity: true)
      engine.isDraining = false
    }
    var outerTasks: [Task<Void, Never>] = []
    var index = 0
    while index < engine.queue.count {
      let queued = engine.queue[index]
      index += 1
      handle(queued.action, batch: queued.batch, into: &outerTasks, engine)
    }
    return outerTasks
  }

  /// Reduces one action, starts its effects (their tasks go to `batch`, or to `outerTasks`
  /// when it is `nil`) and propagates the change.
  private func handle(
    _ action: Action, batch: EffectBatch?, into outerTasks: inout [Task<Void, Never>],
    _ engine: RootEngine<State, Action>
  ) {
    let effect = reduce(action, engine)
    if !effect.isNone {
      var started: [Task<Void, Never>] = []
      start(effect, batch: batch, into: &started, engine)
      if let batch {
        batch.append(contentsOf: started)
      } else {
        outerTasks.append(contentsOf: started)
      }
    }
    rootDidReduce(engine)
  }

  private func reduce(_ action: Action, _ engine: RootEngine<State, Action>) -> Effect<Action> {
    if engine.dependencies.isDefault && DependencyValues.current.isDefault {
      return engine.reducer.reduce(into: &current, action: action)
    }
    return DependencyValues.$current.withValue(engine.dependencies) {
      engine.reducer.reduce(into: &current, action: action)
    }
  }

  /// Works out whether the root state changed, and propagates if it did.
  private func rootDidReduce(_ engine: RootEngine<State, Action>) {
    let needsSnapshot = engine.needsSnapshot || isTracked || hasObservers
    if let isDuplicate, needsSnapshot {
      if let box = engine.snapshotBox {
        let isUnchanged = isDuplicate(box.value, current)
        // Keep the newest copy even when equal, so that the next comparison can short-circuit
        // on shared storage.
        box.value = current
        if isUnchanged { return }
      } else {
        engine.snapshotBox = SnapshotBox(current)
      }
    } else if engine.snapshotBox != nil {
      engine.snapshotBox = nil
    }
    changeCount &+= 1
    propagate()
  }
}
