import Synchronization

/// The counter that ``StackState`` takes new ``StackElementID``s from, reached through the
/// dependencies in force (`DependencyValues.stackElementIDs`).
///
/// A live store without an override shares one process-wide counter, so ids are unique across
/// every store of the process. A `TestStore` installs a counter of its own, counting from 0, and
/// runs each expected-state closure with a copy that starts where the reducer's counter stood
/// before that step's action, so the closure's `$0.path.append(...)` gets the id the reducer
/// gave.
@usableFromInline
package final class StackElementIDGenerator: Sendable {
  private let next: Atomic<Int>

  /// A counter whose next id has generation `next`.
  package init(next: Int = 0) {
    self.next = Atomic(next)
  }

  /// The generation the next id will have.
  @usableFromInline
  package var peek: Int { next.load(ordering: .relaxed) }

  /// Takes the next id. Past the last generation (`Int.max`, reached only through an id given
  /// from outside, see ``reserve(_:)``) the counter wraps to negative ones instead of trapping;
  /// `StackState` skips any id its elements already have.
  package func makeID() -> StackElementID {
    StackElementID(generation: next.wrappingAdd(1, ordering: .relaxed).oldValue)
  }

  /// Makes sure no later id is `id` or older: for an element inserted with an id it was given
  /// (`push(id:state:)`, `subscript(id:)`) rather than one it took.
  /// An id of the last generation (`Int.max`) leaves the counter there: no later id exists.
  package func reserve(_ id: StackElementID) {
    let (following, overflows) = id.generation.addingReportingOverflow(1)
    next.max(overflows ? id.generation : following, ordering: .relaxed)
  }

  /// The counter in force: a store's own while it is built or reduces.
  @usableFromInline
  static var current: StackElementIDGenerator {
    DependencyValues.current.stackElementIDs
  }

  /// The counter of live stores that do not override it.
  static let shared = StackElementIDGenerator()
}

/// The dependency key of ``StackElementIDGenerator``.
package enum StackElementIDGeneratorKey: DependencyKey {
  package static var liveValue: StackElementIDGenerator { .shared }
  /// A test store installs its own counter; code that builds stacks under test dependencies
  /// outside a test store shares the process-wide one (ids stay unique, if not predictable).
  package static var testValue: StackElementIDGenerator { .shared }
}

extension DependencyValues {
  /// The counter ``StackState`` takes new element ids from.
  @usableFromInline
  package var stackElementIDs: StackElementIDGenerator {
    get { self[StackElementIDGeneratorKey.self] }
    set { self[StackElementIDGeneratorKey.self] = newValue }
  }
}
