/// Running a root store's effects.
extension Store {
  /// Starts `effect`, returned by the child instance at `path`; `.send` actions are queued
  /// with `batch`, tasks are appended to `tasks`.
  func start(
    _ effect: Effect<Action>, at path: ChildPath = .root, batch: EffectBatch?,
    into tasks: inout [RunningTask], _ engine: RootEngine<State, Action>
  ) {
    if let request = effect.ending { return carryOut(request, at: path, engine) }
    startOperation(of: effect, at: path, batch: batch, into: &tasks, engine)
  }

  /// ``start(_:at:batch:into:_:)`` for an effect that is not a request to end children. Out
  /// of line: reading `operation` looks up its generic metadata first, which a repeated
  /// request, answered above, does not need.
  @inline(never)
  private func startOperation(
    of effect: Effect<Action>, at path: ChildPath, batch: EffectBatch?,
    into tasks: inout [RunningTask], _ engine: RootEngine<State, Action>
  ) {
    switch effect.operation {
    case .none:
      return
    case let .send(action):
      engine.enqueue(action, batch: batch)
    case let .run(priority, _, operation):
      let running = spawn(priority: priority, operation, engine)
      engine.effects.register(running.id, startedAt: path)
      tasks.append(running)
    case let .merge(effects):
      for effect in effects { start(effect, at: path, batch: batch, into: &tasks, engine) }
    case let .concatenate(effects):
      if effect.isSynchronous {
        // Only actions to deliver: queued in order, so they are reduced within this `send`.
        for effect in effects { start(effect, at: path, batch: batch, into: &tasks, engine) }
      } else {
        // Its effects run one after another, later: the requests to end children that left
        // the state speak of the state as the reducer left it, so they are carried out now.
        let effects = effects.map { endingChildrenNow(in: $0, at: path, engine) }
        let running = spawn(concatenating: effects, at: path, engine)
        engine.effects.register(running.id, startedAt: path)
        tasks.append(running)
      }
    case let .cancellable(id, cancelInFlight, effect):
      if cancelInFlight { engine.effects.cancel(id, at: path) }
      var inner: [RunningTask] = []
      start(effect, at: path, batch: batch, into: &inner, engine)
      for task in inner { engine.effects.register(task.id, under: id, at: path) }
      tasks.append(contentsOf: inner)
    case let .cancel(id):
      if !engine.effects.isIdle { engine.effects.cancel(id, at: path) }
    case let .child(step, effect):
      let path = path.appending(step.component, locator: step.locator)
      start(effect, at: path, batch: batch, into: &tasks, engine)
    case let .cancelChildren(request):
      carryOut(request, at: path, engine)
    case .endMissingChildren:
      // Carried out once the queued actions are reduced (`endMissingChildren(in:)`): the state
      // is being reduced into now.
      engine.endsMissingChildren = true
    case let .throttle(throttle, effect):
      // A throttled effect may run later, or not at all: the requests to end children are
      // carried out now, as for a concatenation.
      let effect = endingChildrenNow(in: effect, at: path, engine)
      if effect.isNone { return }
      start(throttled: effect, throttle, at: path, batch: batch, into: &tasks, engine)
    }
  }

  /// Ends the work of the children at `path` that `request` names, unless it was carried out
  /// there already and no child has started work since (see ``ChildEnding``).
  private func carryOut(
    _ request: ChildEnding, at path: ChildPath, _ engine: RootEngine<State, Action>
  ) {
    let registry = engine.effects
    guard !registry.isIdle, !request.wasCarriedOut(at: path, stamp: registry.stamp) else {
      return
    }
    registry.cancelChildren(of: path, where: request.ends)
    request.carriedOut(at: path, stamp: registry.stamp)
  }

  /// `effect`, returned at `path`, without its requests to end children that left the state
  /// (``Effect/Operation/cancelChildren(_:)``), each carried out now.
  ///
  /// Such a request names the children to keep as the reducer left the state: carried out
  /// later (after a concatenation's earlier effects, at the end of a throttle's window), it
  /// would end a child presented since.
  private func endingChildrenNow(
    in effect: Effect<Action>, at path: ChildPath, _ engine: RootEngine<State, Action>
  ) -> Effect<Action> {
    guard effect.requestsEndings else { return effect }
    switch effect.operation {
    case .none, .send, .run, .cancel, .endMissingChildren:
      return effect
    case let .cancelChildren(request):
      carryOut(request, at: path, engine)
      return .none
    case let .merge(effects):
      return .merge(effects.map { endingChildrenNow(in: $0, at: path, engine) })
    case let .concatenate(effects):
      return Effect(
        operation: .concatenate(effects.map { endingChildrenNow(in: $0, at: path, engine) }))
    case let .cancellable(id, cancelInFlight, effect):
      let rest = endingChildrenNow(in: effect, at: path, engine)
      return Effect(operation: .cancellable(id, cancelInFlight: cancelInFlight, rest))
    case let .child(step, effect):
      let path = path.appending(step.component, locator: step.locator)
      let rest = endingChildrenNow(in: effect, at: path, engine)
      return rest.isNone ? .none : Effect(operation: .child(step, rest))
    case let .throttle(throttle, effect):
      let rest = endingChildrenNow(in: effect, at: path, engine)
      return rest.isNone ? .none : Effect(operation: .throttle(throttle, rest))
    }
  }

  /// Starts `effect` as its throttle window at `path` says: now, after the window, or not at
  /// all.
  private func start(
    throttled effect: Effect<Action>, _ throttle: Throttle, at path: ChildPath,
    batch: EffectBatch?, into tasks: inout [RunningTask], _ engine: RootEngine<State, Action>
  ) {
    let key = ThrottleKey(path: path, id: throttle.id, clock: throttle.clock)
    let window = engine.effects.throttleWindow(for: key, throttle.makeWindow)
    let cancellable: Effect<Action>
    switch window.step(latest: throttle.latest) {
    case .drop:
      return
    case .runNow:
      cancellable = Effect(operation: .cancellable(throttle.id, cancelInFlight: false, effect))
      start(cancellable, at: path, batch: batch, into: &tasks, engine)
    case let .wait(wait, replacing):
      for running in replacing { running.task.cancel() }
      cancellable = Effect(
        operation: .cancellable(throttle.id, cancelInFlight: false, effect.delayed(by: wait)))
      var waiting: [RunningTask] = []
      start(cancellable, at: path, batch: batch, into: &waiting, engine)
      window.didStartWaiting(waiting)
      tasks.append(contentsOf: waiting)
    }
  }

  /// Runs a `.run` effect in a task; actions it sends come back through `send(_:)`, and the
  /// task finishes only when the effects of those actions did too.
  private func spawn(
    priority: TaskPriority?,
    _ operation: @escaping @Sendable (Send<Action>) async -> Void,
    _ engine: RootEngine<State, Action>
  ) -> RunningTask {
    let feedback = FeedbackTasks(registry: engine.effects)
    let send = Send<Action> { [weak self] action in
      guard let self, feedback.accepts(action) else { return }
      feedback.append(self.send(action))
    }
    let running = engine.effects.spawn(priority: priority) {
      await operation(send)
      feedback.operationDidEnd()
      await feedback.finish()
    }
    feedback.effect = running.task
    return running
  }

  /// Runs effects one after another in a task, each as the child at `path` returned it.
  ///
  /// Cancelling the task cancels the effects' own work, not the effects of the actions they
  /// sent (`.concatenate(.run { ... }, .send(.saved))`: `.saved`'s reduction may start work
  /// that belongs to it). The task still waits for those before it ends.
  private func spawn(
    concatenating effects: [Effect<Action>], at path: ChildPath,
    _ engine: RootEngine<State, Action>
  ) -> RunningTask {
    engine.effects.spawn { [weak self, weak engine] in
      for effect in effects {
        // The store and its engine are held while an effect starts, not across the waits: a
        // store released meanwhile is freed, and its engine's end cancels this task.
        guard !Task.isCancelled else { break }
        let started: (own: [RunningTask], fedBack: [RunningTask])? = {
          guard let self, let engine else { return nil }
          return self.processEffect(effect, at: path, engine)
        }()
        guard let started else { break }
        for running in started.own {
          let task = running.task
          await withTaskCancellationHandler {
            await task.value
          } onCancel: {
            task.cancel()
          }
        }
        for running in started.fedBack { await running.task.value }
      }
    }
  }
}

/// The tasks of actions an effect sent back, so that the effect's task outlives them.
///
/// Only running ones are kept: finished ones are dropped as more arrive, so an effect that
/// feeds back a million actions holds only those whose effects are still running.
@MainActor
final class FeedbackTasks {
  private var tasks: [StoreTask] = []
  /// The size at which `tasks` is next swept of finished batches.
  private var sweepAt = 16
  private let registry: EffectRegistry
  /// The effect's task: once it is cancelled, its `send` delivers nothing, even when called
  /// from another task (a `send` that escaped the effect).
  var effect: Task<Void, Never>?
  private var hasEnded = false

  init(registry: EffectRegistry) {
    self.registry = registry
  }

  /// Whether the effect may still send `action`; reports a `send` used after the effect ended.
  func accepts(_ action: some Any) -> Bool {
    if effect?.isCancelled == true { return false }
    guard hasEnded else { return true }
    IssueReporting.report(
      """
      An effect sent '\(action)' after it had finished. The action was dropped.

      To fix, do not let the 'send' of '.run' escape its closure (for example into an \
      unstructured 'Task' or a stored callback): await the work inside the effect instead.
      """)
    return false
  }

  func operationDidEnd() {
    hasEnded = true
  }

  func append(_ task: StoreTask) {
    guard task.batch != nil else { return }
    tasks.append(task)
    if tasks.count >= sweepAt {
      tasks.removeAll { $0.batch?.isFinished(in: registry) ?? true }
      sweepAt = max(16, 2 * tasks.count)
    }
  }

  /// Waits for the effects of the fed-back actions without passing on this effect's
  /// cancellation: they belong to other actions, and cancelling this effect (by id, or because
  /// its element was removed) must not cancel them.
  func finish() async {
    var index = 0
    while index < tasks.count {
      if let batch = tasks[index].batch {
        var taskIndex = 0
        while taskIndex < batch.tasks.count {
          await batch.tasks[taskIndex].task.value
          taskIndex += 1
        }
      }
      index += 1
    }
  }
}

extension Store {
  /// How many effect tasks the root store is running: random sessions in `CoreTesting` wait
  /// until effects are idle after each step, and a task that has not started its body yet is
  /// only visible here.
  package var runningEffectCount: Int { engine?.effects.count ?? 0 }

  /// How many of the root store's effect tasks have been started but have not begun to run:
  /// such a task is on its way to the main actor, and what it will do (sleep on a clock, send an
  /// action) shows nowhere yet, so effects are not idle while any is.
  package var startingEffectCount: Int { engine?.effects.startingCount ?? 0 }
}
