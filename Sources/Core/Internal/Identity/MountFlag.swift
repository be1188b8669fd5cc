import Synchronization

/// Whether a presentation or stack reducer has ever mounted a child (recorded, in the state,
/// a child with running effects; see ``MountRecord``).
///
/// Until it has, no state holds a record of its, so the check that ends a mounted child once it
/// is gone has nothing to find, and the reducer skips it: an action passing through an `ifLet`
/// whose children never ran an effect reads nothing from the presentation state. The flag is
/// raised before the first record is written and never lowered, so skipping is exact, whatever
/// store or thread runs the reducer.
@usableFromInline
final class MountFlag: Sendable {
  @usableFromInline
  let raised = Atomic<Bool>(false)

  @usableFromInline
  init() {}

  /// Whether a child was ever mounted.
  @inlinable
  var isRaised: Bool { raised.load(ordering: .acquiring) }

  /// Records that a child is about to be mounted.
  func raise() {
    if !raised.load(ordering: .relaxed) { raised.store(true, ordering: .releasing) }
  }
}
