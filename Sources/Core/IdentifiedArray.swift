/// An ordered collection of uniquely identified elements, with fast access by id.
///
/// The state type for lists of child features (see ``Reducer/forEach(_:action:element:)``):
///
/// ```swift
/// var orders: IdentifiedArray<Order> = []
/// orders.append(Order(id: 7))
/// orders[id: 7]?.status = .submitted
/// orders.remove(id: 7)
/// ```
///
/// It is a random-access collection indexed by position; ids are unique (inserting an element
/// whose id is present replaces nothing and returns `false`).
///
/// ## Performance
/// Copies share storage: the elements live in a persistent hash trie, so changing one element
/// of a copy copies only the few small nodes on that element's path, O(log₃₂ n), not the whole
/// array; and two versions compare in time proportional to their difference, O(1) when one is
/// an unchanged copy of the other. This is what keeps a store's cost per action independent of
/// the size of the collections in its state: the store keeps the previous state to compare
/// with, and with a plain array that would make every in-place change copy the whole array.
///
/// Reading or writing by id is O(log₃₂ n); by position, the same after an O(1) look-up of the
/// id. ``ids`` is a plain array: appending is amortized O(1), while inserting or removing
/// elsewhere shifts the ids after it, O(n) (the elements themselves are not moved).
public struct IdentifiedArray<Element: Identifiable> {
  /// The ids, in order.
  ///
  /// An array that is not changed when an element's value changes, so comparing the `ids` of
  /// two versions that differ only in element values is O(1).
  public private(set) var ids: [Element.ID]
  var elements: HashTrie<Element.ID, Element>

  /// Creates an empty array.
  public init() {
    ids = []
    elements = HashTrie()
  }

  /// Creates an array from elements whose ids are unique.
  ///
  /// - Precondition: No two elements share an id.
  public init(uniqueElements elements: some Sequence<Element>) {
    self.init()
    for element in elements {
      precondition(
        append(element), "IdentifiedArray(uniqueElements:) found the id '\(element.id)' twice")
    }
  }

  /// The element with `id`, or `nil`. Setting `nil` removes it; setting an element whose id is
  /// absent appends it.
  ///
  /// - Complexity: O(log₃₂ n) to read, replace or append; O(n) to remove.
  public subscript(id id: Element.ID) -> Element? {
    get { elements[id] }
    set {
      if let newValue {
        precondition(
          newValue.id == id,
          "IdentifiedArray[id: \(id)] was set to an element whose id is '\(newValue.id)'")
        if elements.update(newValue, forKey: id) { ids.append(id) }
      } else {
        remove(id: id)
      }
    }
  }

  /// The position of the element with `id`.
  ///
  /// - Complexity: O(n).
  public func index(id: Element.ID) -> Int? {
    elements.contains(id) ? ids.firstIndex(of: id) : nil
  }

  /// Whether an element has `id`.
  ///
  /// - Complexity: O(log₃₂ n).
  public func contains(id: Element.ID) -> Bool {
    elements.contains(id)
  }

  /// Appends `element` unless its id is present.
  ///
  /// - Returns: Whether it was appended.
  /// - Complexity: Amortized O(log₃₂ n).
  @discardableResult
  public mutating func append(_ element: Element) -> Bool {
    insert(element, at: ids.count)
  }

  /// Inserts `element` at `index` unless its id is present.
  ///
  /// - Returns: Whether it was inserted.
  /// - Complexity: O(n) for the ids after `index`; O(log₃₂ n) for the element.
  @discardableResult
  public mutating func insert(_ element: Element, at index: Int) -> Bool {
    precondition(
      index >= 0 && index <= ids.count,
      "IdentifiedArray.insert(_:at:) was given the position \(index), outside 0...\(ids.count)")
    guard !elements.contains(element.id) else { return false }
    elements.update(element, forKey: element.id)
    if index == ids.count {
      ids.append(element.id)
    } else {
      ids.insert(element.id, at: index)
    }
    return true
  }

  /// Removes and returns the element with `id`, if any.
  ///
  /// - Complexity: O(n).
  @discardableResult
  public mutating func remove(id: Element.ID) -> Element? {
    guard let element = elements.remove(id) else { return nil }
    ids.remove(at: ids.firstIndex(of: id)!)
    return element
  }

  /// Removes and returns the element at `index`.
  ///
  /// - Complexity: O(n).
  @discardableResult
  public mutating func remove(at index: Int) -> Element {
    let id = ids.remove(at: index)
    return elements.remove(id)!
  }

  /// Removes the elements that satisfy `shouldBeRemoved`.
  ///
  /// - Complexity: O(n), plus O(log₃₂ n) per removed element.
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    var kept: [Element.ID] = []
    kept.reserveCapacity(ids.count)
    var removedAny = false
    for id in ids {
      if try shouldBeRemoved(elements[id]!) {
        elements.remove(id)
        removedAny = true
      } else {
        kept.append(id)
      }
    }
    if removedAny { ids = kept }
  }

  /// Whether both share all their storage, so that they are equal without comparing elements.
  ///
  /// - Complexity: O(1).
  func isIdentical(to other: Self) -> Bool {
    elements.isIdentical(to: other.elements)
      && ids.withUnsafeBufferPointer { lhs in
        other.ids.withUnsafeBufferPointer { rhs in
          lhs.baseAddress == rhs.baseAddress && lhs.count == rhs.count
        }
      }
  }

  /// Calls `body` with the id of every element that may differ from `old`: added, removed or
  /// changed (conservatively: an element rewritten with an equal value may be listed). Moves
  /// are not differences.
  ///
  /// - Complexity: Proportional to the number of changed elements times O(log₃₂ n); elements
  ///   in storage shared with `old` are not visited.
  func forEachChangedID(since old: Self, _ body: (Element.ID) -> Void) {
    elements.forEachDifference(from: old.elements, body)
  }
}

extension IdentifiedArray: RandomAccessCollection, MutableCollection {
  public var startIndex: Int { 0 }
  public var endIndex: Int { ids.count }

  /// The element at `position`. A new element must keep the id at that position.
  ///
  /// - Complexity: O(log₃₂ n).
  public subscript(position: Int) -> Element {
    get { elements[ids[position]]! }
    set {
      precondition(
        newValue.id == ids[position],
        "IdentifiedArray[\(position)] was set to an element with a different id ('\(newValue.id)')")
      elements.update(newValue, forKey: newValue.id)
    }
  }

  /// Exchanges the elements at two positions (their ids move with them).
  ///
  /// - Complexity: O(1) for the elements; copies the ids if they are shared.
  public mutating func swapAt(_ i: Int, _ j: Int) {
    ids.swapAt(i, j)
  }
}

extension IdentifiedArray: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: Element...) {
    self.init(uniqueElements: elements)
  }
}

extension IdentifiedArray: Equatable where Element: Equatable {
  /// Whether both hold equal elements in the same order.
  ///
  /// - Complexity: O(1) when one is an unchanged copy of the other; otherwise proportional to
  ///   the elements whose storage is not shared, plus O(n) for the ids when they were changed.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.ids == rhs.ids && lhs.elements == rhs.elements
  }
}

extension IdentifiedArray: Hashable where Element: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for element in self { hasher.combine(element) }
  }
}

extension IdentifiedArray: Sendable where Element: Sendable, Element.ID: Sendable {}

extension IdentifiedArray: Encodable where Element: Encodable {
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(Array(self))
  }
}

extension IdentifiedArray: Decodable where Element: Decodable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let elements = try container.decode([Element].self)
    self.init()
    for element in elements where !append(element) {
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
