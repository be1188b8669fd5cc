/// One `observe` registration.
@MainActor
final class Observer<State> {
  var onChange: (@MainActor (State) -> Void)?
  /// The store's version (``ScopeMachine/version``) this observer last saw.
  var seen: UInt64

  init(onChange: @escaping @MainActor (State) -> Void, seen: UInt64) {
    self.onChange = onChange
    self.seen = seen
  }
}
