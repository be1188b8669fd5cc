/// A persistent sequence of ids, each with a label that increases along the sequence: a B-tree
/// indexed both by position and by label.
///
/// Copies share structure: changing a copy copies only the O(log n) nodes on the changed
/// path, so an observer holding the previous version of a large ``IdentifiedArray`` does not
/// make an insertion or removal copy all the ids. The labels let ``OrderedIDs`` find the
/// position of an id from its label in O(log n).
struct OrderTree<ID> {
  private(set) var root: OrderNode<ID>

  init() {
    root = OrderNode(leafIDs: [], labels: [])
  }

  private init(root: OrderNode<ID>) {
    self.root = root
  }

  /// A tree of `ids` with `labels`, which must increase.
  ///
  /// - Complexity: O(n).
  init(ids: [ID], labels: [UInt64]) {
    var level = Self.evenChunks(ids.count).map { range in
      OrderNode(leafIDs: Array(ids[range]), labels: Array(labels[range]))
    }
    while level.count > 1 {
      level = Self.evenChunks(level.count).map { OrderNode(children: Array(level[$0])) }
    }
    root = level.first ?? OrderNode(leafIDs: [], labels: [])
  }

  /// `0..<count` cut into as few ranges of at most three quarters of a node as possible, of
  /// nearly equal sizes (so each holds at least ``OrderNode/minEntries``, unless it is alone).
  private static func evenChunks(_ count: Int) -> [Range<Int>] {
    let fill = OrderNode<ID>.maxEntries * 3 / 4
    let chunks = Swift.max(1, (count + fill - 1) / fill)
    return (0..<chunks).map { index in
      (count * index / chunks)..<(count * (index + 1) / chunks)
    }
  }

  var count: Int { root.count }

  /// The leaf holding `position` and the index there.
  ///
  /// - Complexity: O(log n).
  func leaf(at position: Int) -> (OrderNode<ID>, Int) {
    var node = root
    var offset = position
    while !node.isLeaf {
      let (index, inner) = node.child(for: offset, isInserting: false)
      node = node.children[index]
      offset = inner
    }
    return (node, offset)
  }

  /// The id at `position`.
  ///
  /// - Complexity: O(log n).
  func id(at position: Int) -> ID {
    let (leaf, index) = leaf(at: position)
    return leaf.ids[index]
  }

  /// The label at `position`.
  ///
  /// - Complexity: O(log n).
  func label(at position: Int) -> UInt64 {
    let (leaf, index) = leaf(at: position)
    return leaf.labels[index]
  }

  /// The number of ids whose label is less than `label`: the position of the id with that
  /// label, if there is one.
  ///
  /// - Complexity: O(log n).
  func rank(of label: UInt64) -> Int {
    var node = root
    var rank = 0
    while !node.isLeaf {
      var index = 0
      while index < node.labels.count && node.labels[index] < label {
        rank += node.counts[index]
        index += 1
      }
      guard index < node.children.count else { return rank }
      node = node.children[index]
    }
    var index = 0
    while index < node.labels.count && node.labels[index] < label { index += 1 }
    return rank + index
  }

  private mutating func makeRootUnique() {
    if !isKnownUniquelyReferenced(&root) { root = root.copy() }
  }

  /// Inserts `id` with `label` at `position`; `label` must lie between its neighbours'.
  ///
  /// - Complexity: O(log n); copies the shared nodes on the path.
  mutating func insert(_ id: ID, label: UInt64, at position: Int) {
    makeRootUnique()
    if let split = root.insert(id, label: label, at: position) {
      root = OrderNode(children: [root, split])
    }
  }

  /// Removes and returns the id at `position`, with its label.
  ///
  /// - Complexity: O(log n); copies the shared nodes on the path.
  @discardableResult
  mutating func remove(at position: Int) -> (id: ID, label: UInt64) {
    makeRootUnique()
    let removed = root.remove(at: position)
    if !root.isLeaf && root.children.count == 1 { root = root.children[0] }
    return removed
  }

  /// Replaces the id at `position`, keeping its label, and returns the old one.
  ///
  /// - Complexity: O(log n); copies the shared nodes on the path.
  @discardableResult
  mutating func setID(_ id: ID, at position: Int) -> ID {
    makeRootUnique()
    return root.modify(at: position) { leaf, index in
      defer { leaf.ids[index] = id }
      return leaf.ids[index]
    }
  }

  /// Replaces the label at `position`; it must lie between its neighbours'.
  ///
  /// - Complexity: O(log n); copies the shared nodes on the path.
  mutating func setLabel(_ label: UInt64, at position: Int) {
    makeRootUnique()
    root.modify(at: position) { leaf, index in leaf.labels[index] = label }
  }

  /// Whether both share all their storage.
  ///
  /// - Complexity: O(1).
  func isIdentical(to other: OrderTree) -> Bool {
    root === other.root
  }

  /// Whether both hold the same ids in the same order (labels aside); `other` must have as
  /// many ids.
  ///
  /// Subtrees in the same place in both are compared child by child, so shared nodes are
  /// skipped unvisited; where the shapes differ, the ids are compared one by one.
  ///
  /// - Complexity: Proportional to the ids in nodes the two do not share, when their shapes
  ///   agree; O(n) at worst.
  func hasEqualIDs(to other: OrderTree) -> Bool where ID: Equatable {
    Self.hasEqualIDs(root, other.root)
  }

  private static func hasEqualIDs(_ lhs: OrderNode<ID>, _ rhs: OrderNode<ID>) -> Bool
  where ID: Equatable {
    if lhs === rhs { return true }
    if lhs.isLeaf && rhs.isLeaf { return lhs.ids == rhs.ids }
    if !lhs.isLeaf && !rhs.isLeaf && lhs.counts == rhs.counts {
      var index = 0
      while index < lhs.children.count {
        guard hasEqualIDs(lhs.children[index], rhs.children[index]) else { return false }
        index += 1
      }
      return true
    }
    var left = OrderTree(root: lhs).makeIterator()
    var right = OrderTree(root: rhs).makeIterator()
    while let id = left.next() {
      guard id == right.next() else { return false }
    }
    return true
  }

  /// The number of ids held in nodes of this tree that `other` does not share: what building
  /// this version from `other` copied or wrote.
  ///
  /// - Complexity: O(n).
  func unsharedIDCount(comparedTo other: OrderTree) -> Int {
    var shared = Set<ObjectIdentifier>()
    var stack = [other.root]
    while let node = stack.popLast() {
      shared.insert(ObjectIdentifier(node))
      stack += node.children
    }
    var unshared = 0
    stack = [root]
    while let node = stack.popLast() {
      guard !shared.contains(ObjectIdentifier(node)) else { continue }
      unshared += node.ids.count
      stack += node.children
    }
    return unshared
  }
}

extension OrderTree: Sequence {
  /// Iterates the ids leaf by leaf: O(1) per id, plus O(log n) per leaf to find the next.
  ///
  /// Finding each leaf from the root, rather than keeping the path down to it, keeps the
  /// iterator free of collections of nodes, whose generic types cost run-time look-ups.
  struct Iterator: IteratorProtocol {
    private let tree: OrderTree
    private var position = 0
    private var leaf: OrderNode<ID>?
    private var index = 0

    init(tree: OrderTree) {
      self.tree = tree
    }

    mutating func next() -> ID? {
      if let leaf, index < leaf.ids.count {
        defer {
          index += 1
          position += 1
        }
        return leaf.ids[index]
      }
      guard position < tree.count else { return nil }
      (leaf, index) = tree.leaf(at: position)
      return next()
    }
  }

  func makeIterator() -> Iterator {
    Iterator(tree: self)
  }

  var underestimatedCount: Int { count }
}

extension OrderTree: Sendable where ID: Sendable {}
