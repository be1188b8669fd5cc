/// How strictly a ``TestStore`` checks a test.
///
/// ```swift
/// store.exhaustivity = .off
/// await store.send(.refreshButtonTapped) { $0.isLoading = true }  // only `isLoading` checked
/// await store.receive(.ordersLoaded(orders))  // earlier received actions are skipped
/// ```
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change must be asserted in full, every action an effect sends must be
  /// received, in order, and every effect must have finished by ``TestStore/finish(timeout:fileID:filePath:line:column:)``
  /// or the store's release. A state closure for an action that changed nothing fails. The
  /// default.
  case on
  /// Only what the test asserts is checked: a state closure is given the state after the
  /// action and need only describe the fields it cares about, `receive` skips the actions before the one it expects (and, when none
  /// matches, fails and leaves them pending), and actions or effects left over at the end are
  /// not failures.
  case off
}
