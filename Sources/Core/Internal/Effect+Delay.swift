extension Effect {
  /// This effect, started once `wait` returns; the wait is cancelled with the effect.
  ///
  /// A `.send` becomes a `.run` that sends the action after the wait: the action's own effects
  /// then belong to the store, as for any action an effect sends, and cancelling the delayed
  /// effect later does not cancel them. Any other effect is concatenated after the wait.
  func delayed(by wait: @escaping @Sendable () async -> Void) -> Self {
    if case let .send(action) = operation {
      let handOver = HandOver(action: action)
      return Self(
        operation: .run(nil) { send in
          await wait()
          await send(handOver.action)
        })
    }
    let waiting = Self(operation: .run(nil) { _ in await wait() })
    return .concatenate(waiting, self)
  }
}

/// An action handed from the reducer that created a delayed `.send` to the task that sends
/// it.
///
/// `@unchecked Sendable` is safe: the action is never mutated, and it is only read once, by
/// that task, after the reducer that stored it returned; no two isolation domains use it at
/// the same time. (A `Send`, which takes it back to the main actor, drops it once the effect
/// is cancelled.)
private struct HandOver<Action>: @unchecked Sendable {
  let action: Action
}
