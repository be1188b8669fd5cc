/// A reducer whose `body` is evaluated the first time it reduces an action, then kept.
///
/// It stands where a feature's own type turns up inside its `body` (a folder presenting a
/// folder, a comment holding replies), which evaluated at once would recurse without end: each
/// level of the feature is resolved when an action first reaches it, one level at a time.
///
/// Not `Sendable`: like the rest of a store's resolved reducer, it is used by one store, on its
/// actor, so the compiler keeps its one-time resolution from racing.
final class LazyReducer<Base: Reducer>: Reducer {
  let base: Base
  private var resolved: (any Reducer<Base.State, Base.Action>)?

  init(_ base: Base) {
    self.base = base
  }

  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    if let resolved { return resolved.reduce(into: &state, action: action) }
    let resolved = base.resolved()
    self.resolved = resolved
    return resolved.reduce(into: &state, action: action)
  }
}

/// The reducer types whose `body` is being evaluated on the current task or thread: the
/// evaluation of a `body` that meets its own type again leaves that occurrence lazy.
enum BodyEvaluation {
  @TaskLocal static var typesInProgress: Set<ObjectIdentifier> = []
}
