/// What only a root store has: the reducer, the action queue and the running effects.
@MainActor
final class RootEngine<State, Action> {
  struct Queued {
    let action: Action
    /// The batch collecting the action's effects; `nil` for the outermost `send`'s.
    let batch: EffectBatch?
  }

  let reducer: any Reducer<State, Action>
  let dependencies: DependencyValues
  var queue: [Queued] = []
  var isDraining = false
  /// The state after the previous action, kept only while something compares against it.
  var snapshot: State?
  var needsSnapshot = false
  let effects = EffectRegistry()

  init(reducer: any Reducer<State, Action>, dependencies: DependencyValues) {
    self.reducer = reducer
    self.dependencies = dependencies
  }

  isolated deinit {
    effects.cancelAll()
  }
}
