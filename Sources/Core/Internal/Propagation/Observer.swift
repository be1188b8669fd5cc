/// One `observe` registration.
@MainActor
final class Observer<State> {
  /// Called with each new state while ``isActive``.
  ///
  /// A constant beside a flag rather than an optional cleared on cancel: calling a closure
  /// bound out of an optional retains and releases its context on every notification. The
  /// closure is released with the observer, which its store and its subscription drop when
  /// it is cancelled.
  let onChange: @MainActor (State) -> Void
  /// Whether the subscription is still running.
  var isActive = true
  /// The store's version (``ScopeMachine/version``) this observer last saw.
  var seen: UInt64
  /// The observer after this one in its store (see `Store.observers`).
  var next: Observer<State>?

  init(onChange: @escaping @MainActor (State) -> Void, seen: UInt64) {
    self.onChange = onChange
    self.seen = seen
  }
}
