/// What an ``IdentifiedArray`` says when it is given an element whose id is already there:
/// it never stops the program for it (a test's assertion that appends a row twice must fail
/// that test, not end the run), so each spelling leaves the element out, or changes nothing,
/// and reports it through the framework's runtime issues, which fail the test running it.
extension IdentifiedArray {
  /// Reports that the elements with `ids` were left out of `operation`, their ids being
  /// present (or repeated among the new elements).
  func reportLeftOut(_ ids: [Element.ID], by operation: String) {
    let what: String
    if ids.count == 1, let id = ids.first {
      let position = index(id: id).map { " is already at position \($0)" } ?? " is repeated"
      what = """
        an element whose id '\(id)'\(position); it was left out: ids are unique, and the \
        element already there is unchanged.
        """
    } else {
      let names = ids.map { "'\($0)'" }.joined(separator: ", ")
      what = """
        elements whose ids are already present, or repeated among them (\(names)); each was \
        left out: ids are unique, and the elements already there are unchanged.
        """
    }
    IssueReporting.report(
      """
      IdentifiedArray's \(operation) was given \(what)

      To add an element only if its id is absent, and know whether it was, use the result of \
      this type's append(_:) or insert(_:at:), which report nothing: a statement \
      'rows.append(row)' calls them, while a one-line closure ('{ $0.rows.append(row) }', \
      a test store's assertion) calls RangeReplaceableCollection's append(_:), which reports. \
      To change the element with that id, write 'rows[id: id] = element'.
      """)
  }

  /// Reports that `element` was not stored at `position`: its id is already at `existing`.
  func reportRepeated(_ element: Element, at position: Int, existing: Int) {
    IssueReporting.report(
      """
      IdentifiedArray[\(position)] was set to an element whose id '\(element.id)' is already \
      at position \(existing); nothing changed: ids are unique.

      To reorder, use swapAt(_:_:), sort(by:) or move(fromOffsets:toOffset:); to change the \
      element with that id, write 'rows[id: \(element.id)] = element'.
      """)
  }

  /// Reports that `element` was not stored under `id`, which is not its own.
  func reportMisfiled(_ element: Element, under id: Element.ID) {
    IssueReporting.report(
      """
      IdentifiedArray[id: \(id)] was set to an element whose id is '\(element.id)'; nothing \
      changed.

      To store it, write it under its own id: 'rows[id: \(element.id)] = element'.
      """)
  }
}
