import Synchronization

/// Whether a presentation or stack reducer has ever run a child's effect.
///
/// Until it has, the store runs no work of its children, so there is nothing to end when one
/// leaves the state, and the reducer skips asking the store to end the work of children that
/// are gone: an action passing through an `ifLet` whose children never ran an effect costs
/// nothing more. The flag is raised before the first child effect is returned and never
/// lowered, so skipping is exact, whatever store or thread runs the reducer.
@usableFromInline
final class MountFlag: Sendable {
  @usableFromInline
  let raised = Atomic<Bool>(false)

  @usableFromInline
  init() {}

  /// Whether a child's effect was ever returned.
  @inlinable
  var isRaised: Bool { raised.load(ordering: .acquiring) }

  /// Records that a child's effect is about to be returned.
  func raise() {
    if !raised.load(ordering: .relaxed) { raised.store(true, ordering: .releasing) }
  }
}
