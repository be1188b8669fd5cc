extension IdentifiedArray: RandomAccessCollection {
  public var startIndex: Int { 0 }
  public var endIndex: Int { count }

  /// Iterates the elements in order.
  public struct Iterator: IteratorProtocol {
    var ids: OrderedIDs<Element.ID>.Iterator
    let elements: HashTrie<Element.ID, Element>

    /// - Complexity: O(log n).
    public mutating func next() -> Element? {
      ids.next().map { elements[$0]! }
    }
  }

  /// - Complexity: O(1).
  public func makeIterator() -> Iterator {
    Iterator(ids: ids.makeIterator(), elements: elements)
  }

  /// - Complexity: O(1).
  public var count: Int {
    // The elements' count: a stored integer, where the ids' is read from their storage object,
    // which in generic code is checked for exclusive access at run time on every read.
    elements.count
  }

  /// - Complexity: O(1).
  public var isEmpty: Bool { count == 0 }
}

extension IdentifiedArray: MutableCollection {
  /// The element at `position`.
  ///
  /// Setting an element with the id already at `position` replaces it. Setting one with
  /// another id replaces the element there (which is removed) when no other element has that
  /// id.
  ///
  /// > Important: Setting an element whose id is at another position changes nothing and is
  /// > reported as a runtime issue, naming the id: two positions would hold one id. Reorder
  /// > with ``swapAt(_:_:)``, ``sort(by:)`` or ``move(fromOffsets:toOffset:)`` instead. For the
  /// > same reason a slice cannot be sorted in place (`rows[2...].sort()` copies sorted
  /// > elements back one by one): sort the whole array, or move the elements.
  ///
  /// - Complexity: O(log n).
  public subscript(position: Int) -> Element {
    get { elements[ids[position]]! }
    set {
      let id = ids[position]
      guard newValue.id != id else {
        elements.update(newValue, forKey: id)
        return
      }
      if let existing = ids.position(of: newValue.id) {
        return reportRepeated(newValue, at: position, existing: existing)
      }
      elements.remove(id)
      elements.update(newValue, forKey: newValue.id)
      ids.replace(at: position, with: newValue.id)
    }
  }

  /// Exchanges the elements at two positions (their ids move with them).
  ///
  /// The generic algorithms of `MutableCollection` that reorder by swapping (`reverse()`,
  /// `shuffle()`, `partition(by:)`) go through it, so they keep ids unique at every step.
  ///
  /// - Complexity: O(log n).
  public mutating func swapAt(_ i: Int, _ j: Int) {
    requireContract(
      indices.contains(i) && indices.contains(j),
      "IdentifiedArray.swapAt(\(i), \(j)) was given a position outside 0..<\(count)")
    ids.swapAt(i, j)
  }

  /// Calls `body` with the elements in a temporary contiguous buffer, then stores them back.
  ///
  /// This is how the generic `sort()` and `partition(by:)` of `MutableCollection` reorder an
  /// array in code that does not know its type. The elements may be reordered and changed;
  /// elements whose id is no longer present are removed. If `body` leaves an id at two
  /// positions, its changes are discarded and the repeated id is reported as a runtime issue.
  ///
  /// It is needed for those algorithms to work at all: without contiguous storage, they store
  /// each sorted element back through `subscript(position:)`, whose new id is still present at
  /// another position, which ``IdentifiedArray`` refuses. The buffer is an `Array`'s own.
  ///
  /// - Complexity: O(n log n), plus the work of `body`.
  public mutating func withContiguousMutableStorageIfAvailable<R>(
    _ body: (inout UnsafeMutableBufferPointer<Element>) throws -> R
  ) rethrows -> R? {
    var buffer = Array(self)
    defer { replaceAll(with: buffer) }
    return unsafe try buffer.withContiguousMutableStorageIfAvailable(body)
  }

  /// Stores `newElements` (as many as there are elements) in place of the elements.
  private mutating func replaceAll(with newElements: [Element]) {
    if !newElements.lazy.map(\.id).elementsEqual(ids) {
      var duplicate: Element.ID?
      let newIDs = OrderedIDs(newElements.map(\.id), duplicate: &duplicate)
      if let duplicate {
        return IssueReporting.report(
          """
          IdentifiedArray.withContiguousMutableStorageIfAvailable(_:) left the id \
          '\(duplicate)' at two positions after its body ran; its changes were discarded: \
          ids are unique.
          """)
      }
      for id in ids where !newIDs.contains(id) { elements.remove(id) }
      ids = newIDs
    }
    for element in newElements { elements.update(element, forKey: element.id) }
  }
}

extension IdentifiedArray: RangeReplaceableCollection {
  /// Creates an array from `elements`.
  ///
  /// An element whose id an earlier one has is left out and reported (see
  /// ``IdentifiedArray``).
  ///
  /// - Complexity: O(n log n).
  public init(_ elements: some Sequence<Element>) {
    self.init(elements, operation: "init(_:)")
  }

  /// Replaces the elements in `subrange` with `newElements`.
  ///
  /// An element of `newElements` whose id is outside `subrange`, or repeated among them, is
  /// left out and reported as a runtime issue; the others are inserted. This is also what
  /// `RangeReplaceableCollection`'s `append(_:)` and `insert(_:at:)` call (see
  /// ``IdentifiedArray``).
  ///
  /// - Complexity: Amortized O((k + m) log n) for k removed and m inserted elements (see
  ///   ``insert(_:at:)``).
  public mutating func replaceSubrange(
    _ subrange: Range<Int>, with newElements: some Collection<Element>
  ) {
    // An empty range given one element is how the protocol's `append(_:)` and `insert(_:at:)`
    // arrive here: name them, since that is what the caller wrote.
    let operation =
      subrange.isEmpty && newElements.count == 1
      ? "RangeReplaceableCollection.append(_:) or insert(_:at:)" : "replaceSubrange(_:with:)"
    replaceSubrange(subrange, with: newElements, operation: operation)
  }

  private mutating func replaceSubrange(
    _ subrange: Range<Int>, with newElements: some Sequence<Element>, operation: String
  ) {
    requireContract(
      subrange.lowerBound >= 0 && subrange.upperBound <= count,
      "IdentifiedArray.\(operation) was given the range \(subrange), outside 0..<\(count)")
    var position = subrange.upperBound
    while position > subrange.lowerBound {
      position -= 1
      elements.remove(ids.remove(at: position))
    }
    var leftOut: [Element.ID] = []
    for element in newElements {
      if ids.position(of: element.id) != nil {
        leftOut.append(element.id)
        continue
      }
      elements.update(element, forKey: element.id)
      ids.insert(element.id, at: position)
      position += 1
    }
    if !leftOut.isEmpty { reportLeftOut(leftOut, by: operation) }
  }

  /// Appends `newElements`.
  ///
  /// An element whose id is present, or repeated among them, is left out and reported as a
  /// runtime issue; the others are appended. Use ``append(_:)`` in a loop to skip those
  /// without a report.
  ///
  /// - Complexity: Amortized O(m log n) for m new elements.
  public mutating func append(contentsOf newElements: some Sequence<Element>) {
    replaceSubrange(count..<count, with: newElements, operation: "append(contentsOf:)")
  }

  /// Inserts `newElements` at `index`.
  ///
  /// An element whose id is present, or repeated among them, is left out and reported as a
  /// runtime issue; the others are inserted.
  ///
  /// - Complexity: Amortized O(m log n) for m new elements (see ``insert(_:at:)``).
  public mutating func insert(contentsOf newElements: some Collection<Element>, at index: Int) {
    replaceSubrange(index..<index, with: newElements, operation: "insert(contentsOf:at:)")
  }

  /// Removes and returns the element at `index`.
  ///
  /// - Complexity: O(log n).
  @discardableResult
  public mutating func remove(at index: Int) -> Element {
    requireContract(
      index >= 0 && index < count,
      "IdentifiedArray.remove(at: \(index)) was given a position outside 0..<\(count)")
    return elements.remove(ids.remove(at: index))!
  }

  /// Removes the elements in `bounds`.
  ///
  /// - Complexity: O(k log n) for k removed elements.
  public mutating func removeSubrange(_ bounds: Range<Int>) {
    replaceSubrange(bounds, with: EmptyCollection(), operation: "removeSubrange(_:)")
  }

  /// Removes and returns the first element, which must exist.
  ///
  /// - Complexity: O(log n).
  @discardableResult
  public mutating func removeFirst() -> Element {
    requireContract(!isEmpty, "IdentifiedArray.removeFirst() was called on an empty array")
    return remove(at: 0)
  }

  /// Removes the first `k` elements.
  ///
  /// - Complexity: O(k log n).
  public mutating func removeFirst(_ k: Int) {
    requireContract(
      k >= 0 && k <= count,
      "IdentifiedArray.removeFirst(\(k)) was called on an array of \(count) elements")
    removeSubrange(0..<k)
  }

  /// Removes and returns the last element, which must exist.
  ///
  /// - Complexity: O(log n).
  @discardableResult
  public mutating func removeLast() -> Element {
    requireContract(!isEmpty, "IdentifiedArray.removeLast() was called on an empty array")
    return remove(at: count - 1)
  }

  /// Removes the last `k` elements.
  ///
  /// - Complexity: O(k log n).
  public mutating func removeLast(_ k: Int) {
    requireContract(
      k >= 0 && k <= count,
      "IdentifiedArray.removeLast(\(k)) was called on an array of \(count) elements")
    removeSubrange(count - k..<count)
  }

  /// Removes and returns the last element, or returns `nil` when the array is empty.
  ///
  /// - Complexity: O(log n).
  public mutating func popLast() -> Element? {
    isEmpty ? nil : remove(at: count - 1)
  }

  /// Removes every element.
  ///
  /// - Parameter keepCapacity: Ignored: the storage is made of small nodes.
  /// - Complexity: O(1), plus O(n) to free the storage when no copy shares it.
  public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
    self = IdentifiedArray()
  }

  /// Removes the elements that satisfy `shouldBeRemoved`.
  ///
  /// - Complexity: O(n log n).
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    var removed: [Int] = []
    var position = 0
    for element in self {
      if try shouldBeRemoved(element) { removed.append(position) }
      position += 1
    }
    for position in removed.reversed() {
      elements.remove(ids.remove(at: position))
    }
  }
}
