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
  /// A `Scope` on a key path, with the route of the parent action that embeds the child's
  /// actions (`nil` when the parent action is not an enum): two `Scope`s on one key path with
  /// different child reducers, reached through routes that differ anywhere (a case at any
  /// depth, an `id` the route fixes), are different children.
  case field(KeyPathID, action: ActionRoute?)
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
///
/// A path built from the effects child reducers return also holds, for each component, how to
/// find that child in its parent's state (``ChildLocator``), so that the store can tell whether
/// a child with running work is still in the state; it takes no part in `==` and hashing.
struct ChildPath: Hashable, Sendable {
  private(set) var components: [ChildComponent] = []
  /// For each component, how to find the child in its parent's state, when known.
  private(set) var locators: [ChildLocator?] = []

  static let root = ChildPath()

  var isRoot: Bool { components.isEmpty }

  /// The path of child `component` of this one.
  func appending(_ component: ChildComponent, locator: ChildLocator? = nil) -> ChildPath {
    var path = self
    path.components.append(component)
    path.locators.append(locator)
    return path
  }

  /// The path above this one and this path's last component; `nil` for the root.
  func split() -> (parent: ChildPath, last: ChildComponent)? {
    guard let last = components.last else { return nil }
    var parent = self
    parent.removeLast()
    return (parent, last)
  }

  /// This path and every path above it, this one first, the root last.
  var prefixes: [ChildPath] {
    var result: [ChildPath] = [self]
    var path = self
    while !path.components.isEmpty {
      path.removeLast()
      result.append(path)
    }
    return result
  }

  private mutating func removeLast() {
    components.removeLast()
    locators.removeLast()
  }

  /// Whether the child at this path is still in `root`, the root store's state: `false` when a
  /// component's locator finds no child (or one of another identity); `true` when the path has
  /// a component without a locator, which the store cannot check.
  func isPresent(in root: Any) -> Bool {
    var value = root
    for (component, locator) in zip(components, locators) {
      guard let locator else { return true }
      switch locator.finder.find(in: value, component) {
      case .child(let child): value = child
      case .gone: return false
      case .unknown: return true
      }
    }
    return true
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.components == rhs.components
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(components)
  }
}

/// Finds a child instance in its parent's state, from the component that names it: the
/// child's state, or `nil` when the parent's state no longer holds that instance (`nil`, another
/// case, no element with that id, another identity).
///
/// Each child reducer makes one when it is built; the store uses it to check, after an undo,
/// which children with running work are still in the state.
@usableFromInline
package struct ChildLocator: Sendable {
  /// What a locator found.
  enum Found {
    /// The child's state.
    case child(Any)
    /// The parent's state no longer holds this child.
    case gone
    /// The parent's state is not of the type the locator knows (it cannot tell).
    case unknown
  }

  let finder: any ChildFinding

  init(_ locate: @escaping @Sendable (_ parent: Any, _ child: ChildComponent) -> Found) {
    self.finder = FindingClosure(locate: locate)
  }

  init(finder: any ChildFinding) {
    self.finder = finder
  }

  /// Finds the element, with the component's id, of the array at `keyPath`.
  static func element<Parent, Element: Identifiable>(
    _ keyPath: KeyPath<Parent, IdentifiedArray<Element>>
  ) -> ChildLocator where Element.ID: Sendable {
    ChildLocator(finder: ElementFinding<Parent, Element>(keyPath: KeyPathID(keyPath)))
  }

  /// Finds the child at `keyPath` of a `Parent`, through `found`, which reads it: `nil` when
  /// the child is gone.
  @usableFromInline
  static func at<Parent, Value>(
    _ keyPath: KeyPath<Parent, Value>,
    _ found: @escaping @Sendable (Value, ChildComponent) -> Any?
  ) -> ChildLocator {
    let id = KeyPathID(keyPath)
    return ChildLocator { parent, component in
      guard let parent = parent as? Parent, let keyPath = id.keyPath as? KeyPath<Parent, Value>
      else { return .unknown }
      return found(parent[keyPath: keyPath], component).map(Found.child) ?? .gone
    }
  }
}

/// A child instance and how to find it in its parent's state: what a child reducer wraps its
/// child's effect in.
@usableFromInline
package struct ChildStep: Sendable {
  let component: ChildComponent
  let locator: ChildLocator?
}

extension ChildComponent {
  /// The key path and the id of the element this component names, when it names a `forEach`
  /// element whose id is an `ID`.
  func element<ID>(as _: ID.Type) -> (keyPath: KeyPathID, id: ID)? {
    guard case let .element(keyPath, id) = self, let id = id.base as? ID else { return nil }
    return (keyPath, id)
  }
}

extension ChildPath {
  /// Whether `prefix` is this path or a path above it.
  func hasPrefix(_ prefix: ChildPath) -> Bool {
    components.starts(with: prefix.components)
  }
}

/// How a ``ChildLocator`` finds a child. Types whose work reads an associated type (an
/// element's `ID`) find it in a method rather than a closure, which would capture the
/// metatype.
protocol ChildFinding: Sendable {
  func find(in parent: Any, _ component: ChildComponent) -> ChildLocator.Found
}

/// A finder made of a closure.
private struct FindingClosure: ChildFinding {
  let locate: @Sendable (_ parent: Any, _ child: ChildComponent) -> ChildLocator.Found

  func find(in parent: Any, _ component: ChildComponent) -> ChildLocator.Found {
    locate(parent, component)
  }
}

/// Finds the element, with the component's id, of an `IdentifiedArray` of a `Parent`.
private struct ElementFinding<Parent, Element: Identifiable>: ChildFinding
where Element.ID: Sendable {
  let keyPath: KeyPathID

  func find(in parent: Any, _ component: ChildComponent) -> ChildLocator.Found {
    guard let parent = parent as? Parent,
      let keyPath = keyPath.keyPath as? KeyPath<Parent, IdentifiedArray<Element>>
    else { return .unknown }
    guard let (_, id) = component.element(as: Element.ID.self),
      let element = parent[keyPath: keyPath][id: id]
    else { return .gone }
    return .child(element)
  }
}

/// Reads a child's `id`, part of its identity. A method rather than a closure, which would
/// capture the child's metatype to read its `ID`.
protocol ChildIDReading<Child>: Sendable {
  associatedtype Child
  func id(of child: Child) -> HashableValue
}

/// Reads an `Identifiable` child's `id`.
struct IDReading<Child: Identifiable>: ChildIDReading where Child.ID: Sendable {
  func id(of child: Child) -> HashableValue { HashableValue(child.id) }
}
