/// The ids of an ``IdentifiedArray``, in order: a random-access collection of unique ids.
///
/// ```swift
/// let rows: IdentifiedArray<Row> = [Row(id: 3), Row(id: 1)]
/// let ids = Array(rows.ids)  // [3, 1]
/// let hasOne = rows.ids.contains(1)  // true, in O(log n)
/// ```
///
/// Copies share storage, and the ids of two versions of an array compare in O(1) when one is
/// an unchanged copy of the other (changing an element's value does not change its array's
/// ids).
///
/// - Complexity: Reading the id at a position, finding the position of an id and checking
///   whether an id is present are O(log n); iterating is amortized O(1) per id.
public struct OrderedIDs<ID: Hashable> {
  /// The order and the labels; `nil` for a list created empty, so that creating one allocates
  /// nothing and copying one retains nothing. Read through ``order`` only when the list is not
  /// empty: for a list without storage, it builds an empty tree.
  @usableFromInline
  private(set) var storage: OrderedIDsStorage<ID>?

  /// The ids in order, each with its label.
  var order: OrderTree<ID> {
    get { storage?.order ?? OrderTree() }
    _modify {
      makeUnique()
      yield &storage!.order
    }
  }

  /// The label of each id, to find its position in `order`.
  var labels: HashTrie<ID, UInt64> {
    get { storage?.labels ?? HashTrie() }
    _modify {
      makeUnique()
      yield &storage!.labels
    }
  }

  private mutating func makeUnique() {
    if storage == nil {
      storage = OrderedIDsStorage(order: OrderTree(), labels: HashTrie())
    } else if !isKnownUniquelyReferenced(&storage) {
      storage = OrderedIDsStorage(order: storage!.order, labels: storage!.labels)
    }
  }

  /// Creates an empty list.
  init() {
    storage = nil
  }

  /// A list of `ids`, stopping at the first id found twice, which `duplicate` is set to.
  ///
  /// - Complexity: O(n log n).
  init(_ ids: [ID], duplicate: inout ID?) {
    let spacing = Swift.min(Self.stride, UInt64.max / UInt64(ids.count + 1))
    let first = spacing == Self.stride ? (1 << 63) - UInt64(ids.count / 2) * spacing : spacing
    var labels = HashTrie<ID, UInt64>()
    var assigned: [UInt64] = []
    assigned.reserveCapacity(ids.count)
    for id in ids {
      let label = first + UInt64(assigned.count) * spacing
      guard labels.update(label, forKey: id) else {
        duplicate = id
        break
      }
      assigned.append(label)
    }
    storage =
      assigned.isEmpty
      ? nil
      : OrderedIDsStorage(
        order: OrderTree(ids: Array(ids.prefix(assigned.count)), labels: assigned), labels: labels)
  }

  /// The position of `id`, if present.
  ///
  /// - Complexity: O(log n).
  func position(of id: ID) -> Int? {
    labels[id].map { order.rank(of: $0) }
  }

  /// Whether both share all their storage.
  ///
  /// - Complexity: O(1).
  @inlinable
  func isIdentical(to other: OrderedIDs) -> Bool {
    storage === other.storage || sharesOrder(with: other)
  }

  /// Whether both share their order, though not their storage.
  @usableFromInline
  func sharesOrder(with other: OrderedIDs) -> Bool {
    guard let storage, let otherStorage = other.storage else { return false }
    return storage.order.isIdentical(to: otherStorage.order)
  }
}

extension OrderedIDs: RandomAccessCollection {
  public var startIndex: Int { 0 }
  public var endIndex: Int { count }

  /// - Complexity: O(1).
  public var count: Int { storage?.order.count ?? 0 }

  /// - Complexity: O(1).
  public var isEmpty: Bool { count == 0 }

  /// The id at `position`.
  ///
  /// - Complexity: O(log n).
  public subscript(position: Int) -> ID {
    requireContract(
      position >= 0 && position < count,
      "OrderedIDs[\(position)] is out of bounds: the valid positions are 0..<\(count)")
    return order.id(at: position)
  }

  /// Iterates the ids in order.
  public struct Iterator: IteratorProtocol {
    /// `nil` for a list without storage.
    var base: OrderTree<ID>.Iterator?

    public mutating func next() -> ID? { base?.next() }
  }

  /// - Complexity: O(1); each step of the iteration is amortized O(1).
  public func makeIterator() -> Iterator {
    Iterator(base: storage?.order.makeIterator())
  }

  /// Whether `id` is present.
  ///
  /// - Complexity: O(log n).
  public func contains(_ id: ID) -> Bool {
    labels[id] != nil
  }

  /// The position of `id`, if present (ids are unique, so it is also the last).
  ///
  /// - Complexity: O(log n).
  public func firstIndex(of id: ID) -> Int? {
    position(of: id)
  }

  /// The position of `id`, if present (ids are unique, so it is also the first).
  ///
  /// - Complexity: O(log n).
  public func lastIndex(of id: ID) -> Int? {
    position(of: id)
  }
}

extension OrderedIDs: Equatable {
  /// Whether both hold the same ids in the same order.
  ///
  /// - Complexity: O(1) when one is an unchanged copy of the other or the counts differ;
  ///   otherwise proportional to the ids in storage that the two do not share (O(n) at
  ///   worst).
  public static func == (lhs: OrderedIDs, rhs: OrderedIDs) -> Bool {
    if lhs.isIdentical(to: rhs) { return true }
    return lhs.count == rhs.count && (lhs.isEmpty || lhs.order.hasEqualIDs(to: rhs.order))
  }
}

extension OrderedIDs: Hashable {
  /// - Complexity: O(n).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for id in self { hasher.combine(id) }
  }
}

extension OrderedIDs: ExpressibleByArrayLiteral {
  /// Creates a list of unique ids.
  ///
  /// An id written twice is kept once, at its first place, and the repeat is reported as a
  /// runtime issue (a failure of the test that wrote it).
  ///
  /// - Complexity: O(n log n).
  public init(arrayLiteral ids: ID...) {
    var seen = Set<ID>()
    var unique: [ID] = []
    var repeated: [ID] = []
    for id in ids {
      if seen.insert(id).inserted { unique.append(id) } else { repeated.append(id) }
    }
    var duplicate: ID?
    self.init(unique, duplicate: &duplicate)
    if !repeated.isEmpty {
      let names = repeated.map { "'\($0)'" }.joined(separator: ", ")
      IssueReporting.report(
        """
        An OrderedIDs array literal repeats \(names); each repeat was left out, the id keeping \
        its first place: ids are unique.
        """)
    }
  }

}

extension OrderedIDs: CustomStringConvertible {
  /// The ids, written as an array.
  public var description: String { Array(self).description }
}

extension OrderedIDs: Sendable where ID: Sendable {}
