/// Reordering: the elements keep their values and ids; only their positions change, so an
/// observer comparing versions sees no element as changed.
extension IdentifiedArray {
  /// Sorts the elements in place, using `areInIncreasingOrder` to compare them.
  ///
  /// ```swift
  /// rows.sort { $0.title < $1.title }
  /// ```
  ///
  /// The sort is not guaranteed to be stable. If `areInIncreasingOrder` throws, the array is
  /// left unchanged.
  ///
  /// - Complexity: O(n log n).
  public mutating func sort(
    by areInIncreasingOrder: (Element, Element) throws -> Bool
  ) rethrows {
    var sorted = Array(self)
    try sorted.sort(by: areInIncreasingOrder)
    reorder(sorted.map(\.id))
  }

  /// Reverses the order of the elements.
  ///
  /// - Complexity: O(n log n).
  public mutating func reverse() {
    reorder(ids.reversed())
  }

  /// Shuffles the elements, using `generator` as the source of randomness.
  ///
  /// - Complexity: O(n log n).
  public mutating func shuffle(using generator: inout some RandomNumberGenerator) {
    var shuffled = Array(ids)
    shuffled.shuffle(using: &generator)
    reorder(shuffled)
  }

  /// Shuffles the elements.
  ///
  /// - Complexity: O(n log n).
  public mutating func shuffle() {
    var generator = SystemRandomNumberGenerator()
    shuffle(using: &generator)
  }

  /// Moves the elements that satisfy `belongsInSecondPartition` after the others, keeping
  /// the relative order within each partition, and returns the position of the first element
  /// of the second partition (`endIndex` if none).
  ///
  /// - Complexity: O(n log n).
  public mutating func partition(
    by belongsInSecondPartition: (Element) throws -> Bool
  ) rethrows -> Int {
    var first: [Element.ID] = []
    var second: [Element.ID] = []
    for element in self {
      if try belongsInSecondPartition(element) {
        second.append(element.id)
      } else {
        first.append(element.id)
      }
    }
    if !second.isEmpty { reorder(first + second) }
    return first.count
  }

  /// Puts the elements in the order of `newOrder`, a permutation of ``ids``.
  private mutating func reorder(_ newOrder: [Element.ID]) {
    var duplicate: Element.ID?
    ids = OrderedIDs(newOrder, duplicate: &duplicate)
    assert(duplicate == nil && ids.count == elements.count, "not a permutation of the ids")
  }
}

extension IdentifiedArray where Element: Comparable {
  /// Sorts the elements in ascending order.
  ///
  /// - Complexity: O(n log n).
  public mutating func sort() {
    sort(by: <)
  }
}
