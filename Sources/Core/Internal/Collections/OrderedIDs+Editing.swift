/// Editing the ids, and the labels that let an id's position be found in O(log n).
///
/// Each id has a 64-bit label, increasing along the list, kept both in the ``OrderTree`` (by
/// position) and in a ``HashTrie`` (by id): the position of an id is the number of labels
/// below its own, which the tree counts in O(log n). An id appended or prepended takes a label
/// a fixed stride beyond its neighbour; one inserted between two takes the midpoint. When two
/// neighbours have no label left between them, the smallest aligned range of labels around
/// them that is sparse enough is spread out evenly (the order-maintenance scheme of Bender et
/// al., "Two Simplified Algorithms for Maintaining Order in a List", 2002): amortized, an
/// insertion relabels O(log n) ids, and appending or prepending almost never relabels.
extension OrderedIDs {
  /// The gap left between labels at the ends and when building a list.
  static var stride: UInt64 { 1 << 32 }

  /// Inserts `id`, which must be absent, at `position`.
  ///
  /// - Complexity: Amortized O(log n) at the ends; amortized O(log² n) in the worst case
  ///   elsewhere (when neighbours must be relabelled).
  mutating func insert(_ id: ID, at position: Int) {
    let label = freshLabel(at: position) ?? relabel(around: position)
    order.insert(id, label: label, at: position)
    labels.update(label, forKey: id)
  }

  /// Removes and returns the id at `position`.
  ///
  /// - Complexity: O(log n).
  @discardableResult
  mutating func remove(at position: Int) -> ID {
    let id = order.remove(at: position).id
    labels.remove(id)
    return id
  }

  /// Removes `id` and returns its position, if present.
  ///
  /// - Complexity: O(log n).
  mutating func remove(_ id: ID) -> Int? {
    // An O(1) test, not a look-up: the caller removes an id it knows is present, and an empty
    // list must not get storage for it.
    guard !isEmpty, let label = labels.remove(id) else { return nil }
    let position = order.rank(of: label)
    order.remove(at: position)
    return position
  }

  /// Puts `id`, which must be absent, in place of the id at `position`, and returns that one.
  ///
  /// - Complexity: O(log n).
  @discardableResult
  mutating func replace(at position: Int, with id: ID) -> ID {
    let old = order.setID(id, at: position)
    let label = labels.remove(old)!
    labels.update(label, forKey: id)
    return old
  }

  /// Exchanges the ids at two positions.
  ///
  /// - Complexity: O(log n).
  mutating func swapAt(_ i: Int, _ j: Int) {
    guard i != j else { return }
    let first = order.id(at: i)
    let second = order.id(at: j)
    order.setID(second, at: i)
    order.setID(first, at: j)
    labels.update(order.label(at: i), forKey: second)
    labels.update(order.label(at: j), forKey: first)
  }

  /// A label between those at `position - 1` and `position`, if there is room.
  private func freshLabel(at position: Int) -> UInt64? {
    let lower = position > 0 ? order.label(at: position - 1) : nil
    let upper = position < count ? order.label(at: position) : nil
    switch (lower, upper) {
    case (nil, nil):
      return 1 << 63
    case (let lower?, nil):
      let room = UInt64.max - lower
      return room == 0 ? nil : lower + Swift.min(Self.stride, Swift.max(1, room / 2))
    case (nil, let upper?):
      return upper == 0 ? nil : upper - Swift.min(Self.stride, Swift.max(1, upper / 2))
    case (let lower?, let upper?):
      return upper - lower < 2 ? nil : lower + (upper - lower) / 2
    }
  }

  /// Spreads out the labels of the smallest sparse-enough aligned range around `position`,
  /// leaving room for an id inserted there, and returns the label for that id.
  ///
  /// A range of 2^k labels may hold up to (4/3)^k ids (the density threshold shrinks as ranges
  /// grow, which bounds the amortized number of relabelled ids); the whole label space is the
  /// last resort.
  private mutating func relabel(around position: Int) -> UInt64 {
    let anchor = order.label(at: position > 0 ? position - 1 : position)
    var low: UInt64 = 0
    var mask = UInt64.max
    var start = 0
    var end = order.count
    var capacity = 1.0
    for bits in 1..<64 {
      capacity *= 4.0 / 3.0
      let candidateMask = (UInt64(1) << bits) - 1
      let candidateLow = anchor & ~candidateMask
      let candidateStart = order.rank(of: candidateLow)
      let candidateHigh = candidateLow | candidateMask
      let candidateEnd =
        candidateHigh == .max ? order.count : order.rank(of: candidateHigh + 1)
      let slots = candidateEnd - candidateStart + 1
      if Double(slots) <= capacity && UInt64(slots) <= candidateMask {
        (low, mask, start, end) = (candidateLow, candidateMask, candidateStart, candidateEnd)
        break
      }
    }
    let spacing = mask / UInt64(end - start + 1)
    func label(slot: Int) -> UInt64 { low + spacing * UInt64(slot) + spacing / 2 }
    var current = start
    while current < end {
      let newLabel = label(slot: current - start + (current >= position ? 1 : 0))
      order.setLabel(newLabel, at: current)
      labels.update(newLabel, forKey: order.id(at: current))
      current += 1
    }
    return label(slot: position - start)
  }
}
