/// What a child reducer mounted in a container of the state (a ``PresentationState``, a
/// ``StackState``): the children whose effects it started and has not ended yet.
///
/// The container keeps it outside its `==`, hash and `Codable` form, so that a child removed
/// by another reducer (one that runs before the child's reducer, or a grandparent's) is noticed
/// the next time an action goes through the child's reducer, which then cancels its effects.
/// A final class, so that it costs the container one reference.
@usableFromInline
final class MountRecord<Value: Sendable>: Sendable {
  @usableFromInline
  let value: Value

  init(_ value: Value) {
    self.value = value
  }
}
