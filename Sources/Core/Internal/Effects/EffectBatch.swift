/// The tasks started on behalf of one sent action. Filled while the store processes the
/// action (which, for an action sent re-entrantly, happens after `send` returned).
@MainActor
final class EffectBatch {
  private(set) var tasks: [RunningTask] = []
  private(set) var isCancelled = false

  init() {}

  init(tasks: [RunningTask]) {
    self.tasks = tasks
  }

  func append(_ task: RunningTask) {
    if isCancelled { task.task.cancel() }
    tasks.append(task)
  }

  func append(contentsOf tasks: [RunningTask]) {
    for task in tasks { append(task) }
  }

  func cancel() {
    isCancelled = true
    for task in tasks { task.task.cancel() }
  }

  /// Whether every task has finished, as `registry` knows.
  func isFinished(in registry: EffectRegistry) -> Bool {
    tasks.allSatisfy { !registry.isRunning($0.id) }
  }

  func finish() async {
    var index = 0
    while index < tasks.count {
      let task = tasks[index].task
      await withTaskCancellationHandler {
        await task.value
      } onCancel: {
        task.cancel()
      }
      index += 1
    }
  }
}
