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
public struct IdentifiedArray<Element: Identifiable> {
  /// The ids, in order.
  public private(set) var ids: [Element.ID]
  private var elementsByID: [Element.ID: Element]

  /// Creates an empty array.
  public init() {
    ids = []
    elementsByID = [:]
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
  /// - Complexity: O(1) to read or replace; O(n) to remove.
  public subscript(id id: Element.ID) -> Element? {
    get { elementsByID[id] }
    set {
      if let newValue {
        precondition(
          newValue.id == id,
          "IdentifiedArray[id: \(id)] was set to an element whose id is '\(newValue.id)'")
        if elementsByID.updateValue(newValue, forKey: id) == nil { ids.append(id) }
      } else {
        remove(id: id)
      }
    }
  }

  /// The position of the element with `id`.
  ///
  /// - Complexity: O(n).
  public func index(id: Element.ID) -> Int? {
    elementsByID[id] == nil ? nil : ids.firstIndex(of: id)
  }

  /// Whether an element has `id`.
  public func contains(id: Element.ID) -> Bool {
    elementsByID[id] != nil
  }

  /// Appends `element` unless its id is present.
  ///
  /// - Returns: Whether it was appended.
  @discardableResult
  public mutating func append(_ element: Element) -> Bool {
    insert(element, at: ids.count)
  }

  /// Inserts `element` at `index` unless its id is present.
  ///
  /// - Returns: Whether it was inserted.
  @discardableResult
  public mutating func insert(_ element: Element, at index: Int) -> Bool {
    guard elementsByID[element.id] == nil else { return false }
    elementsByID[element.id] = element
    ids.insert(element.id, at: index)
    return true
  }

  /// Removes and returns the element with `id`, if any.
  @discardableResult
  public mutating func remove(id: Element.ID) -> Element? {
    guard let element = elementsByID.removeValue(forKey: id) else { return nil }
    ids.removeAll { $0 == id }
    return element
  }

  /// Removes and returns the element at `index`.
  @discardableResult
  public mutating func remove(at index: Int) -> Element {
    let id = ids.remove(at: index)
    return elementsByID.removeValue(forKey: id)!
  }

  /// Removes the elements that satisfy `shouldBeRemoved`.
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    var kept: [Element.ID] = []
    for id in ids {
      if try shouldBeRemoved(elementsByID[id]!) {
        elementsByID[id] = nil
      } else {
        kept.append(id)
      }
    }
    ids = kept
  }
}

extension IdentifiedArray: RandomAccessCollection, MutableCollection {
  public var startIndex: Int { 0 }
  public var endIndex: Int { ids.count }

  /// The element at `position`. A new element must keep the id at that position.
  public subscript(position: Int) -> Element {
    get { elementsByID[ids[position]]! }
    set {
      precondition(
        newValue.id == ids[position],
        "IdentifiedArray[\(position)] was set to an element with a different id ('\(newValue.id)')")
      elementsByID[newValue.id] = newValue
    }
  }
}

extension IdentifiedArray: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: Element...) {
    self.init(uniqueElements: elements)
  }
}

extension IdentifiedArray: Equatable where Element: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.ids == rhs.ids && lhs.elementsByID == rhs.elementsByID
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
