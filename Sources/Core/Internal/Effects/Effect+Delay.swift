extension Effect {
  /// This effect, started once `wait` returns; the wait is cancelled with the effect.
  ///
  /// The effect is concatenated after the wait: a `.send` is delivered then, and the effects
  /// of the action it sends belong to that action, so cancelling the delayed effect later
  /// does not cancel them.
  func delayed(by wait: @escaping @Sendable () async -> Void) -> Self {
    let waiting = Self(operation: .run(nil, nil) { _ in await wait() })
    return .concatenate(waiting, self)
  }
}
