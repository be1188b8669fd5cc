/// A node of a ``HashTrie``: a compressed hash-array-mapped prefix tree (CHAMP).
///
/// Each level consumes five bits of a key's hash, giving 32 slots. A slot holds either one
/// entry inline (its bit set in `dataMap`) or a child node for the keys that share those bits
/// (its bit set in `nodeMap`); entries and children are stored compactly in slot order, so
/// slot `bit` is at index `popcount(map & (bit - 1))`. Below the last hash bits a node is a
/// *collision node*: an unordered list of keys whose hashes are equal.
///
/// The layout is canonical: a key sits at the shallowest level where its hash prefix is unique
/// among the keys present, so two tries with the same entries have the same shape and can be
/// compared node by node. Insertion keeps this by pushing two entries down only while their
/// prefixes collide; removal keeps it by pulling a lone entry back up into its parent.
///
/// Nodes are shared between tries after a copy and never mutated while shared: a mutation
/// first copies each shared node on its path (`copy()` shares the arrays, which copy
/// themselves on write), so changing one entry copies O(log₃₂ n) small nodes.
final class TrieNode<Key: Hashable, Value> {
  var dataMap: UInt32
  var nodeMap: UInt32
  /// The inline entries' keys, in slot order (any order in a collision node).
  var keys: ContiguousArray<Key>
  /// The inline entries' values, parallel to `keys`.
  var values: ContiguousArray<Value>
  /// The child nodes, in slot order.
  var children: ContiguousArray<TrieNode>

  /// Hash bits per level.
  static var bitsPerLevel: UInt { 5 }
  /// From this shift on, no hash bits are left: the node is a collision node.
  static var collisionShift: UInt { 64 }

  init(
    dataMap: UInt32 = 0, nodeMap: UInt32 = 0, keys: ContiguousArray<Key> = [],
    values: ContiguousArray<Value> = [], children: ContiguousArray<TrieNode> = []
  ) {
    self.dataMap = dataMap
    self.nodeMap = nodeMap
    self.keys = keys
    self.values = values
    self.children = children
  }

  /// A node with the same contents, sharing its arrays until one of them is written.
  func copy() -> TrieNode {
    TrieNode(dataMap: dataMap, nodeMap: nodeMap, keys: keys, values: values, children: children)
  }

  static func hash(_ key: Key) -> UInt {
    UInt(bitPattern: key.hashValue)
  }

  @inline(__always)
  static func bit(_ hash: UInt, _ shift: UInt) -> UInt32 {
    1 &<< UInt32(truncatingIfNeeded: (hash &>> shift) & 31)
  }

  @inline(__always)
  static func index(_ map: UInt32, _ bit: UInt32) -> Int {
    (map & (bit &- 1)).nonzeroBitCount
  }

  /// The index of `key` among the entries of a collision node.
  func collisionIndex(of key: Key) -> Int? {
    var index = 0
    while index < keys.count {
      if keys[index] == key { return index }
      index += 1
    }
    return nil
  }

  /// Sets the value for `key`, inserting it if absent. `self` must be uniquely referenced.
  ///
  /// - Returns: Whether the key was inserted (rather than its value replaced).
  func update(_ value: Value, forKey key: Key, hash: UInt, shift: UInt) -> Bool {
    if shift >= Self.collisionShift {
      if let index = collisionIndex(of: key) {
        values[index] = value
        return false
      }
      keys.append(key)
      values.append(value)
      return true
    }
    let bit = Self.bit(hash, shift)
    if dataMap & bit != 0 {
      let index = Self.index(dataMap, bit)
      if keys[index] == key {
        values[index] = value
        return false
      }
      // Two keys share this slot: push both down into a new child.
      let child = Self.pair(
        keys[index], values[index], Self.hash(keys[index]), key, value, hash,
        shift: shift + Self.bitsPerLevel)
      keys.remove(at: index)
      values.remove(at: index)
      dataMap &= ~bit
      children.insert(child, at: Self.index(nodeMap, bit))
      nodeMap |= bit
      return true
    }
    if nodeMap & bit != 0 {
      let index = Self.index(nodeMap, bit)
      if !isKnownUniquelyReferenced(&children[index]) { children[index] = children[index].copy() }
      return children[index].update(
        value, forKey: key, hash: hash, shift: shift + Self.bitsPerLevel)
    }
    let index = Self.index(dataMap, bit)
    keys.insert(key, at: index)
    values.insert(value, at: index)
    dataMap |= bit
    return true
  }

  /// The node holding exactly two entries whose hashes agree below `shift`.
  private static func pair(
    _ key1: Key, _ value1: Value, _ hash1: UInt, _ key2: Key, _ value2: Value, _ hash2: UInt,
    shift: UInt
  ) -> TrieNode {
    if shift >= collisionShift {
      return TrieNode(keys: [key1, key2], values: [value1, value2])
    }
    let bit1 = bit(hash1, shift)
    let bit2 = bit(hash2, shift)
    if bit1 == bit2 {
      let child = pair(
        key1, value1, hash1, key2, value2, hash2, shift: shift + bitsPerLevel)
      return TrieNode(nodeMap: bit1, children: [child])
    }
    return bit1 < bit2
      ? TrieNode(dataMap: bit1 | bit2, keys: [key1, key2], values: [value1, value2])
      : TrieNode(dataMap: bit1 | bit2, keys: [key2, key1], values: [value2, value1])
  }

  /// Removes `key`. `self` must be uniquely referenced.
  ///
  /// - Returns: The removed value, or `nil` when the key was absent.
  func remove(_ key: Key, hash: UInt, shift: UInt) -> Value? {
    if shift >= Self.collisionShift {
      guard let index = collisionIndex(of: key) else { return nil }
      keys.remove(at: index)
      return values.remove(at: index)
    }
    let bit = Self.bit(hash, shift)
    if dataMap & bit != 0 {
      let index = Self.index(dataMap, bit)
      guard keys[index] == key else { return nil }
      keys.remove(at: index)
      dataMap &= ~bit
      return values.remove(at: index)
    }
    guard nodeMap & bit != 0 else { return nil }
    let index = Self.index(nodeMap, bit)
    if !isKnownUniquelyReferenced(&children[index]) { children[index] = children[index].copy() }
    guard let removed = children[index].remove(key, hash: hash, shift: shift + Self.bitsPerLevel)
    else { return nil }
    let child = children[index]
    if child.nodeMap == 0 && child.keys.count == 1 {
      // Keep the layout canonical: a lone entry lives in its parent.
      children.remove(at: index)
      nodeMap &= ~bit
      let dataIndex = Self.index(dataMap, bit)
      keys.insert(child.keys[0], at: dataIndex)
      values.insert(child.values[0], at: dataIndex)
      dataMap |= bit
    }
    return removed
  }
}

// Safe: a node is mutated only while uniquely referenced (every mutation goes through
// `HashTrie`, which copies shared nodes first), so a node reachable from two values, and so
// from two threads, is never written.
extension TrieNode: @unchecked Sendable where Key: Sendable, Value: Sendable {}
