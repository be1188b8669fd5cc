/// The names of the cases an action is made of, outermost first, read by reflection:
/// `["orders", "view", "submitButtonTapped"]`. What the random sessions' coverage and the
/// inspector's case filter both group actions by.
package enum ActionCaseNames {
  /// The case names of `action`, at most `limit` deep; a case without a payload gives its name
  /// and ends the path, a payload that is not an enum ends it after the case's label.
  /// `throughSingleValues` reads through a payload of one labelled value (`case
  /// row(id: Row.Action)`) to the enum inside, as one with no label is read.
  package static func of(_ action: Any, limit: Int, throughSingleValues: Bool) -> [String] {
    var names: [String] = []
    var value = action
    while names.count < limit {
      let mirror = Mirror(reflecting: value)
      guard mirror.displayStyle == .enum else { break }
      guard let child = mirror.children.first, let label = child.label else {
        // A case without a payload prints as its name.
        names.append(String(describing: value))
        break
      }
      names.append(label)
      value = child.value
      guard throughSingleValues else { continue }
      let payload = Mirror(reflecting: value)
      if payload.displayStyle == .tuple, payload.children.count == 1,
        let only = payload.children.first
      {
        value = only.value
      }
    }
    return names
  }
}
