/// The root store's loop: reduce queued actions in order, start their effects, commit and
/// propagate once. Its phases are the engine's ``RootMachine``.
///
/// The reducer works on a copy of the state. `current` keeps the last committed state until
/// every action queued synchronously by the outermost `send` (`.send` effects, actions sent by
/// reducers) is reduced; then the result is compared with it, committed, and propagated once.
/// So a read of `state` while the reducer runs returns the last committed state, in every build,
/// and observers see one state per outermost `send`.
extension Store {
  func process(_ action: Action) -> StoreTask {
    // `engine` is tested, then unwrapped where used, not bound: a bound copy costs a retain and
    // a release per send.
    guard engine != nil else { preconditionFailure("process(_:) is only called on a root store") }
    guard engine!.machine.beginReducing() else {
      return StoreTask(batch: engine!.enqueue(action))
    }
    var tasks: [RunningTask] = []
    var working = unsafe current
    reduceOne(action, batch: nil, into: &tasks, &working, engine!)
    runUntilQuiet(&working, into: &tasks, engine!)
    return StoreTask(batch: tasks.isEmpty ? nil : EffectBatch(tasks: tasks))
  }

  /// Starts `effect`, returned by the child at `path`, outside of `send` (from a running
  /// effect), processing any actions it sends at once. Returns the effect's own tasks apart
  /// from those of the actions it sent: only the former belong to it.
  func processEffect(
    _ effect: Effect<Action>, at path: ChildPath, _ engine: RootEngine<State, Action>
  ) -> (own: [RunningTask], fedBack: [RunningTask]) {
    var own: [RunningTask] = []
    guard engine.machine.beginReducing() else {
      let batch = EffectBatch()
      start(effect, at: path, batch: batch, into: &own, engine)
      return (own, [engine.effects.spawn { await batch.finish() }])
    }
    start(effect, at: path, batch: nil, into: &own, engine)
    var fedBack: [RunningTask] = []
    if engine.machine.hasQueuedActions {
      var working = unsafe current
      runUntilQuiet(&working, into: &fedBack, engine)
    } else {
      if engine.endsMissingChildren { unsafe endMissingChildren(in: current, engine) }
      engine.machine.endReducingUnchanged()
    }
    return (own, fedBack)
  }

  /// Reduces the queued actions into `working`, commits it and propagates; again while
  /// observers queued more. Ends idle, with `working` equal to `current`.
  private func runUntilQuiet(
    _ working: inout State, into tasks: inout [RunningTask], _ engine: RootEngine<State, Action>
  ) {
    while true {
      if engine.machine.hasQueuedActions { reduceQueue(&working, into: &tasks, engine) }
      // Tested here: passing `working` to a function copies it.
      if engine.endsMissingChildren { endMissingChildren(in: working, engine) }
      engine.machine.beginCommitting()
      commit(working, engine)
      // `working` is now the committed state: the next round reduces into it as it is.
      guard engine.machine.endCommitting() else { return }
    }
  }

  /// Reduces the queued actions in order; the tasks of actions queued without a batch go to
  /// `outerTasks`.
  private func reduceQueue(
    _ working: inout State, into outerTasks: inout [RunningTask],
    _ engine: RootEngine<State, Action>
  ) {
    var index = 0
    while index < engine.queue.count {
      let queued = engine.queue[index]
      index += 1
      reduceOne(queued.action, batch: queued.batch, into: &outerTasks, &working, engine)
    }
    engine.reducedQueue()
  }

  /// Reduces one action into `working` and starts its effects (their tasks go to `batch`, or
  /// to `outerTasks` when it is `nil`).
  private func reduceOne(
    _ action: Action, batch: EffectBatch?, into outerTasks: inout [RunningTask],
    _ working: inout State, _ engine: RootEngine<State, Action>
  ) {
    let effect = reduce(action, &working, engine)
    guard !effect.isNone else { return }
    var started: [RunningTask] = []
    start(effect, batch: batch, into: &started, engine)
    if let batch {
      batch.append(contentsOf: started)
    } else {
      outerTasks.append(contentsOf: started)
    }
  }

  private func reduce(
    _ action: Action, _ working: inout State, _ engine: RootEngine<State, Action>
  ) -> Effect<Action> {
    if engine.dependencies.isDefault && DependencyValues.current.isDefault {
      return engine.reduce(&working, action)
    }
    return DependencyValues.$current.withValue(engine.dependencies) {
      engine.reduce(&working, action)
    }
  }

  /// Makes `working` the committed state and, if it is distinct, propagates.
  private func commit(_ working: State, _ engine: RootEngine<State, Action>) {
    // Tested, then unwrapped, not bound: calling a closure bound out of an optional retains and
    // releases its context.
    if isDuplicate != nil, engine.machine.dedup || machine.isTracked || hasObservers,
      unsafe isDuplicate!(&current, working)
    {
      // Keep the newest copy even when equal, so that the next comparison can short-circuit
      // on shared storage.
      unsafe current = working
      return
    }
    unsafe current = working
    machine.committedDistinctState()
    propagate(announcing: working)
  }

  /// Ends the work of every child that `state` no longer holds, as an effect asked.
  private func endMissingChildren(in state: State, _ engine: RootEngine<State, Action>) {
    engine.endsMissingChildren = false
    if !engine.effects.isIdle { engine.effects.endChildren(notIn: state) }
  }
}
