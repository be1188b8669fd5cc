/// A node of an ``OrderTree``: a leaf of ids with their labels, or a branch of child nodes.
///
/// Nodes are shared between trees after a copy and never mutated while shared: a mutation
/// first copies each shared node on its path (``OrderTree`` does this), so changing a tree of
/// n ids copies O(log n) nodes of at most ``maxEntries`` entries each.
final class OrderNode<ID> {
  /// The most entries (ids in a leaf, children in a branch) a node holds before it splits.
  static var maxEntries: Int { 32 }
  /// The fewest entries a node other than the root holds before it borrows from or merges
  /// with a neighbour.
  static var minEntries: Int { 8 }

  /// A leaf: the labels of its ids. A branch: the largest label of each child.
  var labels: [UInt64]
  /// A leaf: its ids, in order. A branch: empty.
  var ids: [ID]
  /// A branch: its children, in order. A leaf: empty.
  var children: [OrderNode]
  /// A branch: the number of ids under each child. A leaf: empty.
  var counts: [Int]
  /// The number of ids under this node.
  var count: Int
  let isLeaf: Bool

  init(leafIDs ids: [ID], labels: [UInt64]) {
    self.ids = ids
    self.labels = labels
    children = []
    counts = []
    count = ids.count
    isLeaf = true
  }

  init(children: [OrderNode]) {
    self.children = children
    counts = children.map(\.count)
    labels = children.map(\.maxLabel)
    ids = []
    count = counts.reduce(0, +)
    isLeaf = false
  }

  private init(copying other: OrderNode) {
    labels = other.labels
    ids = other.ids
    children = other.children
    counts = other.counts
    count = other.count
    isLeaf = other.isLeaf
  }

  /// A node with the same contents (sharing the children).
  func copy() -> OrderNode { OrderNode(copying: self) }

  /// The largest label under this node (which must not be empty).
  var maxLabel: UInt64 { labels[labels.count - 1] }

  /// The ids (leaf) or children (branch) this node holds.
  var entryCount: Int { isLeaf ? ids.count : children.count }

  /// The child holding `position` and the position within it. When `isInserting`, a position
  /// at the end of a child belongs to that child (so appending reaches the last one).
  func child(for position: Int, isInserting: Bool) -> (index: Int, offset: Int) {
    var offset = position
    var index = 0
    let last = children.count - 1
    while index < last {
      let count = counts[index]
      if offset < count || (isInserting && offset == count) { break }
      offset -= count
      index += 1
    }
    return (index, offset)
  }

  // MARK: Mutation (only while uniquely referenced)

  /// Makes child `index` uniquely referenced, copying it if it is shared.
  func uniqueChild(_ index: Int) -> OrderNode {
    if !isKnownUniquelyReferenced(&children[index]) { children[index] = children[index].copy() }
    return children[index]
  }

  /// Refreshes the count and largest label recorded for child `index`.
  func refresh(_ index: Int) {
    let child = children[index]
    counts[index] = child.count
    if child.count > 0 { labels[index] = child.maxLabel }
  }

  /// Inserts `id` with `label` at `position`.
  ///
  /// - Returns: The new right sibling when this node split.
  func insert(_ id: ID, label: UInt64, at position: Int) -> OrderNode? {
    count += 1
    if isLeaf {
      ids.insert(id, at: position)
      labels.insert(label, at: position)
    } else {
      let (index, offset) = child(for: position, isInserting: true)
      let split = uniqueChild(index).insert(id, label: label, at: offset)
      refresh(index)
      if let split {
        children.insert(split, at: index + 1)
        counts.insert(split.count, at: index + 1)
        labels.insert(split.maxLabel, at: index + 1)
      }
    }
    return entryCount > Self.maxEntries ? split() : nil
  }

  /// Moves the upper half of the entries into a new node, returned.
  private func split() -> OrderNode {
    let half = entryCount / 2
    let sibling: OrderNode
    if isLeaf {
      sibling = OrderNode(leafIDs: Array(ids[half...]), labels: Array(labels[half...]))
      ids.removeSubrange(half...)
      labels.removeSubrange(half...)
    } else {
      sibling = OrderNode(children: Array(children[half...]))
      children.removeSubrange(half...)
      counts.removeSubrange(half...)
      labels.removeSubrange(half...)
    }
    count -= sibling.count
    return sibling
  }

  /// Removes the id at `position`.
  func remove(at position: Int) -> (id: ID, label: UInt64) {
    count -= 1
    if isLeaf {
      return (ids.remove(at: position), labels.remove(at: position))
    }
    let (index, offset) = child(for: position, isInserting: false)
    let removed = uniqueChild(index).remove(at: offset)
    refresh(index)
    if children[index].entryCount < Self.minEntries && children.count > 1 {
      rebalance(index)
    }
    return removed
  }

  /// Merges child `index` with a neighbour, or evens out their entries when they do not fit
  /// in one node.
  private func rebalance(_ index: Int) {
    let left = index > 0 ? index - 1 : index
    let right = left + 1
    let first = uniqueChild(left)
    let second = uniqueChild(right)
    if first.entryCount + second.entryCount <= Self.maxEntries {
      first.absorb(second)
      children.remove(at: right)
      counts.remove(at: right)
      labels.remove(at: right)
      refresh(left)
    } else {
      let moved = (first.entryCount + second.entryCount) / 2 - first.entryCount
      first.shift(moved, with: second)
      refresh(left)
      refresh(right)
    }
  }

  /// Appends all of `other`'s entries (a right sibling of the same kind).
  private func absorb(_ other: OrderNode) {
    ids += other.ids
    labels += other.labels
    children += other.children
    counts += other.counts
    count += other.count
  }

  /// Moves `amount` entries from the front of right sibling `other` to the end of this node
  /// (or, when negative, from the end of this node to the front of `other`).
  private func shift(_ amount: Int, with other: OrderNode) {
    if amount > 0 {
      let moved = isLeaf ? amount : other.counts[..<amount].reduce(0, +)
      ids += other.ids.prefix(isLeaf ? amount : 0)
      labels += other.labels[..<amount]
      children += other.children.prefix(isLeaf ? 0 : amount)
      counts += other.counts.prefix(isLeaf ? 0 : amount)
      if isLeaf { other.ids.removeSubrange(..<amount) }
      other.labels.removeSubrange(..<amount)
      if !isLeaf {
        other.children.removeSubrange(..<amount)
        other.counts.removeSubrange(..<amount)
      }
      count += moved
      other.count -= moved
    } else if amount < 0 {
      let start = entryCount + amount
      let moved = isLeaf ? -amount : counts[start...].reduce(0, +)
      if isLeaf { other.ids.insert(contentsOf: ids[start...], at: 0) }
      other.labels.insert(contentsOf: labels[start...], at: 0)
      if !isLeaf {
        other.children.insert(contentsOf: children[start...], at: 0)
        other.counts.insert(contentsOf: counts[start...], at: 0)
        children.removeSubrange(start...)
        counts.removeSubrange(start...)
      } else {
        ids.removeSubrange(start...)
      }
      labels.removeSubrange(start...)
      count -= moved
      other.count += moved
    }
  }

  /// Calls `body` with the leaf holding `position` and the index there, then refreshes the
  /// recorded labels on the way back up (`body` may change the label).
  func modify<R>(at position: Int, _ body: (OrderNode, Int) -> R) -> R {
    if isLeaf { return body(self, position) }
    let (index, offset) = child(for: position, isInserting: false)
    let result = uniqueChild(index).modify(at: offset, body)
    refresh(index)
    return result
  }
}

// Safe: a node is mutated only while uniquely referenced (every mutation goes through
// `OrderTree`, which copies shared nodes first), so a node reachable from two values, and so
// from two threads, is never written.
extension OrderNode: @unchecked Sendable where ID: Sendable {}
