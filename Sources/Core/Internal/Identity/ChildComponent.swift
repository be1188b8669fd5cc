/// One step from a feature to one of its child instances: where the child sits and, when it
/// has one, which child it is (an enum case, an `id`).
///
/// Every reducer that runs a child (`Scope`, `ifLet`, `ifCaseLet`, `forEach`, presentation,
/// stack) names the child with one of these; a child's effects run under the path of
/// components from the root (``ChildPath``), and its cancellation ids are scoped by that path.
/// Two children are the same instance exactly when their components are equal: a child whose
/// component changes while it lives (another case, another `id`) is a new child, and the
/// old one's effects are cancelled.
@usableFromInline
package enum ChildComponent: Hashable, Sendable {
  /// A `Scope` on a key path, with the case of the parent action that embeds the child's
  /// actions (`nil` when the parent action is not an enum): two `Scope`s on one key path with
  /// different child reducers, reached through different action cases, are different
  /// children.
  case field(KeyPathID, action: UInt32?)
  /// A `Scope` on an enum case, or an `ifCaseLet`: the enum type, the case, and the case
  /// payload's `id` when it is `Identifiable`.
  case enumCase(ObjectIdentifier, ChildIdentity)
  /// An `ifLet` child (optional or ``PresentationState``): the key path and the identity of
  /// what is presented.
  case presented(KeyPathID, ChildIdentity)
  /// A `forEach` element: the key path and the element's id.
  case element(KeyPathID, HashableValue)
  /// A stack screen: the key path and the screen's id.
  case screen(KeyPathID, StackElementID)
}

/// Which child a place holds: its enum case (for an enum state) and its `id` (for an
/// `Identifiable` state or case payload).
@usableFromInline
package struct ChildIdentity: Hashable, Sendable {
  let tag: UInt32?
  let id: HashableValue?

  static let plain = ChildIdentity(tag: nil, id: nil)
}

/// Where a child instance sits from the root store: its components, outermost first. The
/// root's own effects have the empty path.
struct ChildPath: Hashable, Sendable {
  private(set) var components: [ChildComponent] = []

  static let root = ChildPath()

  var isRoot: Bool { components.isEmpty }

  /// The path of child `component` of this one.
  func appending(_ component: ChildComponent) -> ChildPath {
    var path = self
    path.components.append(component)
    return path
  }

  /// The path above this one and this path's last component; `nil` for the root.
  func split() -> (parent: ChildPath, last: ChildComponent)? {
    guard let last = components.last else { return nil }
    var parent = self
    parent.components.removeLast()
    return (parent, last)
  }

  /// This path and every path above it, this one first, the root last.
  var prefixes: [ChildPath] {
    var result: [ChildPath] = [self]
    var path = self
    while !path.components.isEmpty {
      path.components.removeLast()
      result.append(path)
    }
    return result
  }
}

extension ChildPath {
  /// Whether `prefix` is this path or a path above it.
  func hasPrefix(_ prefix: ChildPath) -> Bool {
    components.starts(with: prefix.components)
  }
}
