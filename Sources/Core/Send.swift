/// Feeds actions from an effect back into the store.
///
/// Passed to the closure of ``Effect/run(priority:operation:catch:fileID:filePath:line:column:)``;
/// call it like a function:
///
/// ```swift
/// return .run { send in
///   await send(.timerTicked)
/// }
/// ```
///
/// Once the effect is cancelled, or its store is gone, actions sent through it are dropped,
/// from whichever task they are sent. A `send` kept and called after its effect finished drops
/// the action and reports a runtime issue.
public struct Send<Action>: Sendable {
  let send: @MainActor @Sendable (Action) -> Void

  /// Creates a `Send` that hands each action to `send`.
  ///
  /// Useful in tests of code that takes a `Send`.
  public init(send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.send = send
  }

  /// Sends `action` to the store, unless the effect was cancelled.
  @MainActor
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    send(action)
  }
}
