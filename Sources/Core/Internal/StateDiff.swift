/// A readable, minimal diff of two values: one `-`/`+` pair of lines per changed leaf, named by
/// its path (`orders[1].status`).
///
/// Used by `_printChanges()` and by `CoreTesting`'s failure messages.
package enum StateDiff {
  /// The diff of `old` and `new`, or `nil` when they print the same.
  package static func lines<T>(_ old: T, _ new: T) -> String? {
    var lines: [String] = []
    walk(old, new, path: "", into: &lines)
    return lines.isEmpty ? nil : lines.joined(separator: "\n")
  }

  private static func walk(_ old: Any, _ new: Any, path: String, into lines: inout [String]) {
    let oldMirror = Mirror(reflecting: old)
    let newMirror = Mirror(reflecting: new)
    let oldText = leaf(old)
    let newText = leaf(new)
    if oldText == newText { return }
    switch (oldMirror.displayStyle, newMirror.displayStyle) {
    case (.struct, .struct), (.class, .class), (.tuple, .tuple):
      let oldChildren = Array(oldMirror.children)
      let newChildren = Array(newMirror.children)
      guard
        oldChildren.count == newChildren.count, !oldChildren.isEmpty,
        zip(oldChildren, newChildren).allSatisfy({ $0.label == $1.label })
      else { break }
      for (index, (oldChild, newChild)) in zip(oldChildren, newChildren).enumerated() {
        let name = oldChild.label.map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 }
        let component = name ?? "\(index)"
        walk(
          oldChild.value, newChild.value, path: path.isEmpty ? component : "\(path).\(component)",
          into: &lines)
      }
      return
    case (.collection, .collection):
      let oldChildren = Array(oldMirror.children)
      let newChildren = Array(newMirror.children)
      for index in 0..<max(oldChildren.count, newChildren.count) {
        let childPath = "\(path)[\(index)]"
        switch (index < oldChildren.count, index < newChildren.count) {
        case (true, true):
          walk(oldChildren[index].value, newChildren[index].value, path: childPath, into: &lines)
        case (true, false):
          lines.append("- \(childPath): \(leaf(oldChildren[index].value))")
        default:
          lines.append("+ \(childPath): \(leaf(newChildren[index].value))")
        }
      }
      return
    case (.optional, .optional):
      if let oldValue = oldMirror.children.first?.value,
        let newValue = newMirror.children.first?.value
      {
        walk(oldValue, newValue, path: path, into: &lines)
        return
      }
    case (.enum, .enum):
      if let oldCase = oldMirror.children.first, let newCase = newMirror.children.first,
        oldCase.label == newCase.label, let label = oldCase.label
      {
        walk(oldCase.value, newCase.value, path: "\(path)(.\(label))", into: &lines)
        return
      }
    default:
      break
    }
    let name = path.isEmpty ? "value" : path
    lines.append("- \(name): \(oldText)")
    lines.append("+ \(name): \(newText)")
  }

  private static func leaf(_ value: Any) -> String {
    var text = ""
    debugPrint(value, terminator: "", to: &text)
    return text
  }
}
