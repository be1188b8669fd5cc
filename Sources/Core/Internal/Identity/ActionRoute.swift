/// Where a child's actions sit in its parent's action: the case taken at each level of the
/// nested enums down to the child, and the values the route fixes beside it (the `id` of
/// `{ .pane(id: 1, action: $0) }`).
///
/// Part of a key-path `Scope`'s child identity (``ChildComponent/field(_:action:)``): two
/// `Scope`s on one key path whose routes differ below the outermost case
/// (`{ .side(.left($0)) }` and `{ .side(.right($0)) }`), or in a fixed value, are two children,
/// whose cancellation ids do not reach each other. A case constructor and an explicit
/// ``AnyCasePath`` that embed the same way give the same route.
@usableFromInline
package struct ActionRoute: Hashable, Sendable {
  /// The tag of the case at each level, outermost first.
  let cases: [UInt32]
  /// The values fixed beside the child, in order: each by its own `==` and hash when it is
  /// `Hashable`, else by its type.
  let fixed: [HashableValue]

  /// A route for reference-counted storage, for ``ChildRoute``'s cache of a route that fixes
  /// nothing.
  final class Box: Sendable {
    let route: ActionRoute

    init(_ route: ActionRoute) {
      self.route = route
    }
  }
}

extension ActionRoute {
  /// The route along `shape`, whose walk read the elements `tuples` of each tuple on the way.
  init(_ shape: CaseShape, tuples: [[Any]]) {
    var cases: [UInt32] = []
    var carriers: [Int] = []
    for step in shape.steps {
      switch step {
      case .payload(_, let tag, _, _), .unique(_, let tag, _): cases.append(tag)
      case .element(let index): carriers.append(index)
      }
    }
    self.cases = cases
    self.fixed = zip(carriers, tuples).flatMap { carrier, elements in
      elements.indices.filter { $0 != carrier }.map { Self.identity(of: elements[$0]) }
    }
  }

  private static func identity(of value: Any) -> HashableValue {
    guard let hashable = value as? any Hashable else {
      return HashableValue(ObjectIdentifier(type(of: value)))
    }
    return HashableValue(IdentityValue(AnyHashable(hashable)))
  }
}
