/// A collection whose elements have ids that name them better than their positions do: an
/// ``IdentifiedArray`` or a ``StackState``. ``StateDiff`` names their elements by id
/// (`notes[id: 3].body`, `path[id: #0].title`), so a diff stays readable when elements are
/// inserted, removed or moved.
package protocol IdentifiedElements {
  /// The elements in order, each with its id.
  var identifiedElements: [(id: AnyHashable, element: Any)] { get }
}

extension IdentifiedArray: IdentifiedElements {
  package var identifiedElements: [(id: AnyHashable, element: Any)] {
    map { (AnyHashable($0.id), $0 as Any) }
  }
}

extension StackState: IdentifiedElements {
  package var identifiedElements: [(id: AnyHashable, element: Any)] {
    zip(ids, self).map { (AnyHashable($0), $1 as Any) }
  }
}
