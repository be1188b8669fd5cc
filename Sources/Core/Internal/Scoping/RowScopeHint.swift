/// The one-time hint for a parent with many live stores scoped with `scope(state:action:)` to
/// optional `Identifiable` states (the `scope(state: \.rows[id: id], action: ...)` spelling):
/// each of them reads and compares its row on every action, O(rows) per action, where
/// `scope(state:id:action:)` is O(changed).
@MainActor
enum RowScopeHint {
  /// More live row scopes than this on one parent get the hint.
  static let threshold = 256

  /// Called when a row scope of `parent` is attached to it. Counts `parent`'s row scopes once
  /// every 64 attachments past the threshold (amortized O(1) per attachment), and reports
  /// once per parent store.
  static func didAttach<State, Action, Row>(
    to parent: Store<State, Action>, rowType _: Row.Type
  ) {
    let count = parent.children.count
    guard count > threshold, (count - threshold) % 64 == 1, !parent.reportedRowScopes else {
      return
    }
    let entries = parent.children.entries
    let rows = entries.count { $0.store?.isKeyPathRowScope == true }
    guard rows > threshold else { return }
    parent.reportedRowScopes = true
    IssueReporting.report(
      """
      Performance: '\(parent)' has \(rows) live stores scoped to optional '\(Row.self)' states \
      with 'scope(state:action:)', such as 'scope(state: \\.rows[id: id], action: ...)'. Each \
      of them reads and compares its state on every action, so an action costs time \
      proportional to the number of rows.

      To fix, scope the rows of an 'IdentifiedArray' with 'scope(state:id:action:)', which \
      refreshes only the rows that changed.
      """)
  }
}
