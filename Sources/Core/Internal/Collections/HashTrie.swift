/// A persistent dictionary: copies share structure, and changing one entry of a copy copies
/// only the O(log₃₂ n) nodes on that entry's path (see ``TrieNode``).
///
/// It backs ``IdentifiedArray``'s elements, so that a store can keep the previous state for
/// comparison while the reducer changes one element of a large collection, and so that
/// comparing two versions costs the size of their difference, not of the collection.
///
/// An empty trie made by `init()` has no root node: creating it allocates nothing, and copying
/// it retains nothing (a state holds many empty collections, and a store copies its state).
@usableFromInline
struct HashTrie<Key: Hashable, Value> {
  /// The root node, typed as the base class so that checking it for uniqueness needs no
  /// metadata look-up (see ``TrieNodeBase``); `nil` until the first update.
  @usableFromInline
  private(set) var rootBase: TrieNodeBase?
  private(set) var count: Int

  init() {
    rootBase = nil
    count = 0
  }

  /// The root node; an empty one, allocated for the call, while there is none.
  var root: TrieNode<Key, Value> {
    guard let rootBase else { return TrieNode() }
    return TrieNode.node(rootBase)
  }

  /// The value for `key`.
  ///
  /// - Complexity: O(log₃₂ n).
  subscript(key: Key) -> Value? {
    guard let rootBase else { return nil }
    let hash = TrieShape.hash(key)
    var node = TrieNode<Key, Value>.node(rootBase)
    var shift: UInt = 0
    while shift < TrieShape.collisionShift {
      let bit = TrieShape.bit(hash, shift)
      if unsafe node.dataMap & bit != 0 {
        let index = unsafe TrieShape.index(node.dataMap, bit)
        return unsafe node.keys[index] == key ? node.values[index] : nil
      }
      guard unsafe node.nodeMap & bit != 0 else { return nil }
      node = unsafe TrieNode.node(node.children[TrieShape.index(node.nodeMap, bit)])
      shift += TrieShape.bitsPerLevel
    }
    guard let index = node.collisionIndex(of: key) else { return nil }
    return unsafe node.values[index]
  }

  /// Whether `key` has a value.
  func contains(_ key: Key) -> Bool {
    self[key] != nil
  }

  /// Sets the value for `key`, inserting the key if absent.
  ///
  /// - Returns: Whether the key was inserted.
  /// - Complexity: O(log₃₂ n); copies the shared nodes on the key's path.
  @discardableResult
  mutating func update(_ value: Value, forKey key: Key) -> Bool {
    if rootBase == nil {
      rootBase = TrieNode<Key, Value>()
    } else if !isKnownUniquelyReferenced(&rootBase) {
      rootBase = root.copy()
    }
    let inserted = root.update(
      value, forKey: key, hash: TrieShape.hash(key), shift: 0)
    if inserted { count += 1 }
    return inserted
  }

  /// Removes `key` and returns its value, if any.
  ///
  /// - Complexity: O(log₃₂ n); copies the shared nodes on the key's path.
  @discardableResult
  mutating func remove(_ key: Key) -> Value? {
    guard contains(key) else { return nil }
    if !isKnownUniquelyReferenced(&rootBase) { rootBase = root.copy() }
    let removed = root.remove(key, hash: TrieShape.hash(key), shift: 0)
    if removed != nil { count -= 1 }
    return removed
  }

  /// Whether both share all their storage (and so are equal, whatever `Value` is).
  ///
  /// - Complexity: O(1).
  @inlinable
  func isIdentical(to other: HashTrie) -> Bool {
    rootBase === other.rootBase
  }

  /// Calls `body` with every key whose entry may differ between `old` and `self`: added,
  /// removed, or with a value that is not bit-for-bit the one in `old`.
  ///
  /// The list is conservative (a value rewritten with an equal one is listed) and costs the
  /// size of the difference: subtrees shared by both tries are skipped unvisited.
  func forEachDifference(from old: HashTrie, _ body: (Key) -> Void) {
    TrieNode.forEachDifference(old.root, root, shift: 0, body)
  }
}

extension HashTrie: Equatable where Value: Equatable {
  /// Whether both hold the same keys with equal values.
  ///
  /// - Complexity: O(1) for shared storage; otherwise the nodes that differ, since the layout
  ///   is canonical.
  @usableFromInline
  static func == (lhs: HashTrie, rhs: HashTrie) -> Bool {
    lhs.count == rhs.count && (lhs.count == 0 || TrieNode.isEqual(lhs.root, rhs.root, shift: 0))
  }
}

// Safe: `rootBase` is always `nil` or a `TrieNode<Key, Value>` (typed as its base class only
// for speed), which is `Sendable` under the same conditions.
extension HashTrie: @unchecked Sendable where Key: Sendable, Value: Sendable {}
