/// A readable, minimal diff of two values: one `-`/`+` pair of lines per changed leaf, named by
/// its path (`orders[1].status`); the elements of an ``IdentifiedArray`` or a ``StackState`` are
/// named by id (`orders[id: 3].status`, `path[id: #0].title`).
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
    if let old = old as? any WrappedStateReflecting, let new = new as? any WrappedStateReflecting {
      walk(old.reflectedWrappedValue, new.reflectedWrappedValue, path: path, into: &lines)
      return
    }
    let oldMirror = Mirror(reflecting: old)
    let newMirror = Mirror(reflecting: new)
    let oldText = leaf(old)
    let newText = leaf(new)
    if oldText == newText { return }
    if let oldElements = old as? any IdentifiedElements,
      let newElements = new as? any IdentifiedElements
    {
      walk(
        oldElements.identifiedElements, newElements.identifiedElements, path: path, into: &lines)
      return
    }
    switch (oldMirror.displayStyle, newMirror.displayStyle) {
    case (.struct, .struct), (.class, .class), (.tuple, .tuple):
      let oldChildren = Array(oldMirror.children)
      let newChildren = Array(newMirror.children)
      guard
        oldChildren.count == newChildren.count, !oldChildren.isEmpty,
        zip(oldChildren, newChildren).allSatisfy({ $0.label == $1.label })
      else { break }
      for (index, (oldChild, newChild)) in zip(oldChildren, newChildren).enumerated() {
        // A tuple's labels start with "."; a property wrapper's storage with "_".
        let isWrapper = oldChild.value is any WrappedStateReflecting
        let name = oldChild.label.map {
          $0.hasPrefix(".") || (isWrapper && $0.hasPrefix("_")) ? String($0.dropFirst()) : $0
        }
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
      let oldValue = oldMirror.children.first?.value
      let newValue = newMirror.children.first?.value
      if let oldValue, let newValue {
        walk(oldValue, newValue, path: path, into: &lines)
        return
      }
      // One is `nil`: the other prints as its value, not as `Optional(...)`.
      let name = path.isEmpty ? "value" : path
      lines.append("- \(name): \(oldValue.map(leaf) ?? "nil")")
      lines.append("+ \(name): \(newValue.map(leaf) ?? "nil")")
      return
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

  /// The diff of two identified collections, naming each element by its id (`rows[id: 3]`):
  /// elements removed, then, in the new order, elements changed or added, then the order of
  /// the elements both hold if it changed.
  private static func walk(
    _ old: [(id: AnyHashable, element: Any)], _ new: [(id: AnyHashable, element: Any)],
    path: String, into lines: inout [String]
  ) {
    let oldByID = Dictionary(
      old.map { ($0.id, $0.element) }, uniquingKeysWith: { first, _ in first })
    let newByID = Dictionary(
      new.map { ($0.id, $0.element) }, uniquingKeysWith: { first, _ in first })
    func elementPath(_ id: AnyHashable) -> String { "\(path)[id: \(leaf(id.base))]" }
    for (id, element) in old where newByID[id] == nil {
      lines.append("- \(elementPath(id)): \(leaf(element))")
    }
    for (id, element) in new {
      if let oldElement = oldByID[id] {
        walk(oldElement, element, path: elementPath(id), into: &lines)
      } else {
        lines.append("+ \(elementPath(id)): \(leaf(element))")
      }
    }
    let oldOrder = old.map(\.id).filter { newByID[$0] != nil }
    let newOrder = new.map(\.id).filter { oldByID[$0] != nil }
    if oldOrder != newOrder {
      let name = path.isEmpty ? "ids" : "\(path).ids"
      lines.append("- \(name): [\(oldOrder.map { leaf($0.base) }.joined(separator: ", "))]")
      lines.append("+ \(name): [\(newOrder.map { leaf($0.base) }.joined(separator: ", "))]")
    }
  }

  private static func leaf(_ value: Any) -> String {
    var text = ""
    debugPrint(value, terminator: "", to: &text)
    return text
  }
}

/// A property wrapper that a diff shows as its wrapped value, under the wrapped property's
/// name (`destination`, not `_destination`).
protocol WrappedStateReflecting {
  /// The wrapped value, as `Any`.
  var reflectedWrappedValue: Any { get }
}
