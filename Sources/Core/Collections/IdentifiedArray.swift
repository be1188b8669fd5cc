/// An ordered collection of uniquely identified elements, with fast access by id.
///
/// The state type for lists of child features (see ``Reducer/forEach(_:action:element:)-(_,(ElementState.ID,ElementAction)->Action,_)``):
///
/// ```swift
/// var orders: IdentifiedArray<Order> = []
/// orders.append(Order(id: 7))
/// orders[id: 7]?.status = .submitted
/// orders.sort { $0.date < $1.date }
/// orders.remove(id: 7)
/// ```
///
/// It is a `RandomAccessCollection`, `MutableCollection` and `RangeReplaceableCollection`
/// indexed by position, and no two elements share an id. Giving it an element whose id is
/// already there never stops the program; what each spelling does:
/// - ``append(_:)`` and ``insert(_:at:)``, the methods of this type, change nothing and return
///   `inserted: false` with the position of the element already there, reporting nothing: the
///   caller has the answer. A statement `rows.append(row)` calls them.
/// - `RangeReplaceableCollection`'s `append(_:)` and `insert(_:at:)`, which generic code and a
///   one-line closure whose result is unused (`{ $0.rows.append(row) }`, a test store's
///   assertion) call instead, and every operation that adds several elements
///   (``append(contentsOf:)``, `+=`, ``insert(contentsOf:at:)``, ``replaceSubrange(_:with:)``,
///   ``init(_:)``, ``init(uniqueElements:)``, an array literal) leave out each element whose id
///   is present (or repeated among the new ones: the first is kept) and add the others. The
///   element already there is unchanged, and the ids left out are reported as a runtime issue:
///   a failure of the test that ran it, under a test store or not; a warning on standard error
///   in an app.
/// - Storing an element where another element has its id, through ``subscript(_:)`` (a
///   position) or ``subscript(id:)`` (an element whose id is not the one subscripted), changes
///   nothing and is reported the same way.
/// - Reorder with ``swapAt(_:_:)``, ``sort(by:)``, ``reverse()``, ``shuffle(using:)``,
///   ``partition(by:)`` or ``move(fromOffsets:toOffset:)``.
///
/// A position outside the array stops the program, as it does for an `Array`.
///
/// ## Performance
/// Copies share storage: the elements live in a persistent hash trie keyed by id, and the
/// order in a persistent B-tree of ids (``ids``), so changing, inserting or removing one
/// element of a copy copies only the few small nodes on its paths, O(log n), not the whole
/// array; and two versions compare in time proportional to their difference, O(1) when one is
/// an unchanged copy of the other. This is what keeps a store's cost per action independent of
/// the size of the collections in its state: the store keeps the previous state to compare
/// with, and with a plain array every change would copy the whole array.
///
/// Every complexity stated on the members holds whether or not a copy of the array is alive.
/// Here n is the number of elements; the logarithms are small in practice (the trie has 32
/// slots per node, the B-tree up to 32 entries per node).
public struct IdentifiedArray<Element: Identifiable> {
  /// The ids, in order.
  ///
  /// Changing an element's value does not change the ids, so comparing the `ids` of two
  /// versions that differ only in element values is O(1).
  ///
  /// - Complexity: O(1) to read; see ``OrderedIDs`` for its operations.
  public internal(set) var ids: OrderedIDs<Element.ID>
  @usableFromInline
  var elements: HashTrie<Element.ID, Element>

  /// Creates an empty array.
  ///
  /// It allocates nothing until the first element is added, so an empty array in a state
  /// costs nothing when a store copies the state.
  ///
  /// - Complexity: O(1).
  public init() {
    ids = OrderedIDs()
    elements = HashTrie()
  }

  /// Creates an array from elements whose ids are unique.
  ///
  /// An element whose id an earlier one has is left out and reported (see
  /// ``IdentifiedArray``).
  ///
  /// - Complexity: O(n log n).
  public init(uniqueElements elements: some Sequence<Element>) {
    self.init(elements, operation: "init(uniqueElements:)")
  }

  /// Creates an array from `elements`, leaving out and reporting each element whose id an
  /// earlier one has; `operation` names the spelling in the report.
  init(_ elements: some Sequence<Element>, operation: String) {
    var seen = Set<Element.ID>()
    var kept: [Element] = []
    var repeated: [Element.ID] = []
    for element in elements {
      if seen.insert(element.id).inserted {
        kept.append(element)
      } else {
        repeated.append(element.id)
      }
    }
    var duplicate: Element.ID?
    ids = OrderedIDs(kept.map(\.id), duplicate: &duplicate)
    self.elements = HashTrie()
    for element in kept { self.elements.update(element, forKey: element.id) }
    if !repeated.isEmpty { reportLeftOut(repeated, by: operation) }
  }

  /// The element with `id`, or `nil`. Setting `nil` removes it; setting an element whose id is
  /// absent appends it.
  ///
  /// Setting an element whose own id is not `id` changes nothing and is reported as a runtime
  /// issue: write it under its own id.
  ///
  /// - Complexity: O(log n) to read, replace or remove; amortized O(log n) to append.
  public subscript(id id: Element.ID) -> Element? {
    get { elements[id] }
    set {
      if let newValue {
        guard newValue.id == id else {
          return reportMisfiled(newValue, under: id)
        }
        if elements.update(newValue, forKey: id) { ids.insert(id, at: ids.count) }
      } else {
        remove(id: id)
      }
    }
  }

  /// The position of the element with `id`.
  ///
  /// - Complexity: O(log n).
  public func index(id: Element.ID) -> Int? {
    ids.position(of: id)
  }

  /// Whether an element has `id`.
  ///
  /// - Complexity: O(log n).
  public func contains(id: Element.ID) -> Bool {
    elements.contains(id)
  }

  /// Appends `element` unless its id is present.
  ///
  /// ```swift
  /// let (inserted, index) = rows.append(Row(id: 7))
  /// if !inserted { rows[index].isHighlighted = true }
  /// ```
  ///
  /// - Returns: Whether it was appended, and its position, or that of the element with its id
  ///   (which is left unchanged).
  /// - Complexity: Amortized O(log n).
  @discardableResult
  public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
    insert(element, at: count)
  }

  /// Inserts `element` at `index` unless its id is present.
  ///
  /// - Returns: Whether it was inserted, and its position, or that of the element with its id
  ///   (which is left unchanged, where it was).
  /// - Complexity: Amortized O(log n) at either end; elsewhere amortized O(log n) except when
  ///   insertions keep coming between the same neighbours, amortized O(log² n).
  @discardableResult
  public mutating func insert(_ element: Element, at index: Int) -> (inserted: Bool, index: Int) {
    requireContract(
      index >= 0 && index <= count,
      "IdentifiedArray.insert(_:at:) was given the position \(index), outside 0...\(count)")
    if let existing = ids.position(of: element.id) { return (false, existing) }
    elements.update(element, forKey: element.id)
    ids.insert(element.id, at: index)
    return (true, index)
  }

  /// Removes and returns the element with `id`, if any.
  ///
  /// - Complexity: O(log n).
  @discardableResult
  public mutating func remove(id: Element.ID) -> Element? {
    guard let element = elements.remove(id) else { return nil }
    _ = ids.remove(id)
    return element
  }

  /// Whether both share all their storage, so that they are equal without comparing elements.
  ///
  /// - Complexity: O(1).
  @inlinable
  func isIdentical(to other: Self) -> Bool {
    elements.isIdentical(to: other.elements) && ids.isIdentical(to: other.ids)
  }

  /// Calls `body` with the id of every element that may differ from `old`: added, removed or
  /// changed (conservatively: an element rewritten with an equal value may be listed). Moves
  /// are not differences.
  ///
  /// - Complexity: Proportional to the number of changed elements times O(log n); elements
  ///   in storage shared with `old` are not visited.
  @usableFromInline
  func forEachChangedID(since old: Self, _ body: (Element.ID) -> Void) {
    elements.forEachDifference(from: old.elements, body)
  }
}

extension IdentifiedArray: ExpressibleByArrayLiteral {
  /// Creates an array from elements whose ids are unique.
  ///
  /// An element whose id an earlier one has is left out and reported (see
  /// ``IdentifiedArray``).
  ///
  /// - Complexity: O(n log n).
  public init(arrayLiteral elements: Element...) {
    self.init(elements, operation: "an array literal")
  }
}

extension IdentifiedArray: Equatable where Element: Equatable {
  /// Whether both hold equal elements in the same order.
  ///
  /// - Complexity: O(1) when one is an unchanged copy of the other; otherwise proportional to
  ///   the elements whose storage is not shared, plus O(n) for the ids when they were changed
  ///   and the counts are equal.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.isIdentical(to: rhs) || lhs.hasEqualElements(to: rhs)
  }

  /// `==`, once ``isIdentical(to:)`` said no.
  @usableFromInline
  func hasEqualElements(to other: Self) -> Bool {
    ids == other.ids && elements == other.elements
  }
}

extension IdentifiedArray: Hashable where Element: Hashable {
  /// - Complexity: O(n log n).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for element in self { hasher.combine(element) }
  }
}

extension IdentifiedArray: Sendable where Element: Sendable, Element.ID: Sendable {}

extension IdentifiedArray: Encodable where Element: Encodable {
  /// Encodes the elements as an array.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(Array(self))
  }
}

extension IdentifiedArray: Decodable where Element: Decodable {
  /// Decodes an array of elements; a repeated id is a `DecodingError` naming it.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let elements = try container.decode([Element].self)
    self.init()
    for element in elements where !append(element).inserted {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "Duplicate id '\(element.id)' in an IdentifiedArray")
    }
  }
}

extension IdentifiedArray: CustomStringConvertible {
  public var description: String { Array(self).description }
}

/// An ``IdentifiedArray`` of `Element`.
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element>
