/// The tasks started on behalf of one sent action. Filled while the store processes the
/// action (which, for an action sent re-entrantly, happens after `send` returned).
@MainActor
final class EffectBatch {
  private(set) var tasks: [Task<Void, Never>] = []
  private(set) var isCancelled = false

  init() {}

  init(tasks: [Task<Void, Never>]) {
    self.tasks = tasks
  }

  func append(_ task: Task<Void, Never>) {
    if isCancelled { task.cancel() }
    tasks.append(task)
  }

  func append(contentsOf tasks: [Task<Void, Never>]) {
    for task in tasks { append(task) }
  }

  func cancel() {
    isCancelled = true
    for task in tasks { task.cancel() }
  }

  func finish() async {
    var index = 0
    while index < tasks.count {
      let task = tasks[index]
      await withTaskCancellationHandler {
        await task.value
      } onCancel: {
        task.cancel()
      }
      index += 1
    }
  }
}
