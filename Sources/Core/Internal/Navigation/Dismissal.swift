/// What `dismiss()` does in the effect that is running: send the parent the action that
/// dismisses the nearest presented or stacked feature.
///
/// A task-local of its own rather than a dependency: `Effect.run` re-installs the dependencies
/// captured when the reducer created the effect, which would hide a value installed around it.
package struct Dismissal: Sendable {
  @TaskLocal package static var current: Self?

  let dismiss: @Sendable () async -> Void

  /// A dismissal that calls `dismiss`.
  package init(_ dismiss: @escaping @Sendable () async -> Void) {
    self.dismiss = dismiss
  }
}

extension Effect {
  /// This effect with every `.run` it is made of running with `dismiss()` sending the action
  /// `dismissal` builds.
  ///
  /// A presentation wraps its child's effects after mapping them to its own actions, so the
  /// innermost presentation's dismissal is the one in force in a nested child's effect.
  func dismissing(with dismissal: @escaping @Sendable () -> Action) -> Self {
    switch operation {
    case .none, .send, .cancel, .cancelChildren, .endMissingChildren:
      return self
    case let .run(priority, location, run):
      return Self(
        operation: .run(priority, location) { send in
          await Dismissal.$current.withValue(Dismissal { await send(dismissal()) }) {
            await run(send)
          }
        })
    case let .merge(effects):
      return Self(operation: .merge(effects.map { $0.dismissing(with: dismissal) }))
    case let .concatenate(effects):
      return Self(operation: .concatenate(effects.map { $0.dismissing(with: dismissal) }))
    case let .cancellable(id, cancelInFlight, effect):
      return Self(
        operation: .cancellable(
          id, cancelInFlight: cancelInFlight, effect.dismissing(with: dismissal)))
    case let .child(component, effect):
      return Self(operation: .child(component, effect.dismissing(with: dismissal)))
    case let .throttle(throttle, effect):
      return Self(operation: .throttle(throttle, effect.dismissing(with: dismissal)))
    }
  }
}
