import Core

/// The actions a root reducer saw, in order. Thread-safe, so reducers may append to it.
final class ReducedActions<Action: Sendable>: Sendable {
  private let storage = Locked<[Action]>([])

  var actions: [Action] { storage.withLock { $0 } }
  var count: Int { storage.withLock { $0.count } }

  func append(_ action: Action) {
    storage.withLock { $0.append(action) }
  }

  /// The actions from position `start` on.
  func actions(from start: Int) -> [Action] {
    storage.withLock { Array($0[min(start, $0.count)...]) }
  }
}
