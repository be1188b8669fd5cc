import Synchronization

/// Whether the store ended a child's work while running the effects of the action being sent.
///
/// A child reducer returns, after each pass once its children have run effects, a request to
/// end those of its children that left the state; most of the time none has, and nothing is
/// cancelled. The test store wraps the request so that it learns whether one did, and gives
/// cancelled effects a moment to end only then.
final class WorkEndings: Sendable {
  private let happened = Atomic<Bool>(false)

  /// Notes that a child's work was ended.
  func record() {
    happened.store(true, ordering: .relaxed)
  }

  /// Whether a child's work was ended since the last call, forgetting it.
  func take() -> Bool {
    happened.exchange(false, ordering: .relaxed)
  }
}
