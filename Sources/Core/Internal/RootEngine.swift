/// What only a root store has: the reducer, its dependencies, the send loop's
/// ``RootMachine`` and the running effects.
@MainActor
final class RootEngine<State, Action> {
  /// The root reducer's `reduce`, built where its type is known.
  let reduce: (inout State, Action) -> Effect<Action>
  let dependencies: DependencyValues
  var machine = RootMachine<Action>()
  let effects = EffectRegistry()

  init(
    reduce: @escaping (inout State, Action) -> Effect<Action>, dependencies: DependencyValues
  ) {
    self.reduce = reduce
    self.dependencies = dependencies
  }

  isolated deinit {
    effects.cancelAll()
  }
}
