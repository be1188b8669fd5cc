/// Running a root store's effects.
extension Store {
  /// Starts `effect`; `.send` actions are queued with `batch`, tasks are appended to `tasks`.
  func start(
    _ effect: Effect<Action>, batch: EffectBatch?, into tasks: inout [Task<Void, Never>],
    _ engine: RootEngine<State, Action>
  ) {
    switch effect.operation {
    case .none:
      return
    case let .send(action):
      engine.queue.append(.init(action: action, batch: batch))
    case let .run(priority, operation):
      tasks.append(spawn(priority: priority, operation, engine))
    case let .merge(effects):
      for effect in effects { start(effect, batch: batch, into: &tasks, engine) }
    case let .concatenate(effects):
      tasks.append(spawn(concatenating: effects, engine))
    case let .cancellable(id, cancelInFlight, effect):
      if cancelInFlight { engine.effects.cancel(id) }
      var inner: [Task<Void, Never>] = []
      let firstID = engine.effects.peekNextID
      start(effect, batch: batch, into: &inner, engine)
      for taskID in firstID..<engine.effects.peekNextID {
        engine.effects.register(taskID, under: id)
      }
      tasks.append(contentsOf: inner)
    case let .cancel(id):
      engine.effects.cancel(id)
    }
  }

  /// Runs a `.run` effect in a task; actions it sends come back through `send(_:)`, and the
  /// task finishes only when the effects of those actions did too.
  private func spawn(
    priority: TaskPriority?,
    _ operation: @escaping @Sendable (Send<Action>) async -> Void,
    _ engine: RootEngine<State, Action>
  ) -> Task<Void, Never> {
    let id = engine.effects.makeID()
    let feedback = FeedbackTasks()
    let send = Send<Action> { [weak self] action in
      guard let self, feedback.accepts(action) else { return }
      feedback.append(self.send(action))
    }
    let task = Task(priority: priority) { @MainActor [weak engine] in
      await operation(send)
      feedback.operationDidEnd()
      await feedback.finish()
      engine?.effects.didFinish(id)
    }
    feedback.effect = task
    engine.effects.insert(task, id: id)
    return task
  }

  /// Runs effects one after another in a task.
  private func spawn(
    concatenating effects: [Effect<Action>], _ engine: RootEngine<State, Action>
  ) -> Task<Void, Never> {
    let id = engine.effects.makeID()
    let task = Task { @MainActor [weak self, weak engine] in
      for effect in effects {
        guard !Task.isCancelled, let tasks = self?.startFromEffect(effect) else { break }
        for task in tasks {
          await withTaskCancellationHandler {
            await task.value
          } onCancel: {
            task.cancel()
          }
        }
      }
      engine?.effects.didFinish(id)
    }
    engine.effects.insert(task, id: id)
    return task
  }

  /// Starts `effect` outside of `send` (from a running effect), processing any actions it
  /// sends at once.
  private func startFromEffect(_ effect: Effect<Action>) -> [Task<Void, Never>]? {
    guard let engine else { return nil }
    var tasks: [Task<Void, Never>] = []
    if engine.isDraining {
      let batch = EffectBatch()
      start(effect, batch: batch, into: &tasks, engine)
      return tasks + [Task { @MainActor in await batch.finish() }]
    }
    start(effect, batch: nil, into: &tasks, engine)
    if engine.hasQueuedActions { tasks += drain(engine) }
    return tasks
  }
}

/// The tasks of actions an effect sent back, so that the effect's task outlives them.
@MainActor
final class FeedbackTasks {
  private var tasks: [StoreTask] = []
  /// The effect's task: once it is cancelled, its `send` delivers nothing, even when called
  /// from another task (a `send` that escaped the effect).
  var effect: Task<Void, Never>?
  private var hasEnded = false

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
    if task.batch != nil { tasks.append(task) }
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
          await batch.tasks[taskIndex].value
          taskIndex += 1
        }
      }
      index += 1
    }
  }
}
