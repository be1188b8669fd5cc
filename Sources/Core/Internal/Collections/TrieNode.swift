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
/// first copies each shared node on its path, so changing one entry copies O(log₃₂ n) nodes of
/// at most 32 entries or children each.
///
/// Storage is one manually managed block (keys, then values, then children) rather than three
/// arrays: the trie runs mostly as unspecialized generic code inside `Core` (called from
/// reducers and stores), where every use of a generic container type such as
/// `ContiguousArray<Key>` costs a run-time metadata look-up. Raw pointers to `Key` and `Value`
/// need only the metadata the node already has.
final class TrieNode<Key: Hashable, Value>: TrieNodeBase {
  /// Hash bits per level.
  static var bitsPerLevel: UInt { TrieShape.bitsPerLevel }
  /// From this shift on, no hash bits are left: the node is a collision node.
  static var collisionShift: UInt { TrieShape.collisionShift }

  /// An empty node.
  init() {
    super.init(dataMap: 0, nodeMap: 0, entryCount: 0, storage: nil)
  }

  required override init(
    dataMap: UInt32, nodeMap: UInt32, entryCount: Int, storage: UnsafeMutableRawPointer?
  ) {
    super.init(dataMap: dataMap, nodeMap: nodeMap, entryCount: entryCount, storage: storage)
  }

  /// `base` as the node it is. Free: no check, no metadata look-up.
  @inline(__always)
  static func node(_ base: TrieNodeBase) -> TrieNode {
    unsafeDowncast(base, to: TrieNode.self)
  }

  deinit {
    guard let storage else { return }
    keys.deinitialize(count: entryCount)
    values.deinitialize(count: entryCount)
    Self.destroyChildren(children, count: childCount)
    storage.deallocate()
  }

  var keys: UnsafeMutablePointer<Key> {
    Self.keys(in: storage)
  }

  var values: UnsafeMutablePointer<Value> {
    Self.values(in: storage, entryCount: entryCount)
  }

  var children: UnsafeMutablePointer<TrieNodeBase> {
    Self.children(in: storage, entryCount: entryCount)
  }

  @inline(__always)
  static func hash(_ key: Key) -> UInt { TrieShape.hash(key) }

  @inline(__always)
  static func bit(_ hash: UInt, _ shift: UInt) -> UInt32 { TrieShape.bit(hash, shift) }

  @inline(__always)
  static func index(_ map: UInt32, _ bit: UInt32) -> Int { TrieShape.index(map, bit) }

  /// The index of `key` among the entries of a collision node.
  func collisionIndex(of key: Key) -> Int? {
    let keys = keys
    var index = 0
    while index < entryCount {
      if keys[index] == key { return index }
      index += 1
    }
    return nil
  }

  /// A node with the same contents (copies of the entries, the same children).
  func copy() -> TrieNode {
    let storage = Self.allocate(entryCount: entryCount, childCount: childCount)
    if let storage {
      Self.keys(in: storage).initialize(from: keys, count: entryCount)
      Self.values(in: storage, entryCount: entryCount).initialize(from: values, count: entryCount)
      Self.copyChildren(
        from: children, to: Self.children(in: storage, entryCount: entryCount), count: childCount)
    }
    return type(of: self).init(
      dataMap: dataMap, nodeMap: nodeMap, entryCount: entryCount, storage: storage)
  }

  /// A new node of this node's type (so without looking up its metadata).
  private func make(
    dataMap: UInt32 = 0, nodeMap: UInt32 = 0, keys newKeys: [Key] = [],
    values newValues: [Value] = [], children newChildren: [TrieNodeBase] = []
  ) -> TrieNode {
    let storage = Self.allocate(entryCount: newKeys.count, childCount: newChildren.count)
    if let storage {
      var index = 0
      while index < newKeys.count {
        (Self.keys(in: storage) + index).initialize(to: newKeys[index])
        (Self.values(in: storage, entryCount: newKeys.count) + index).initialize(
          to: newValues[index])
        index += 1
      }
      index = 0
      while index < newChildren.count {
        (Self.children(in: storage, entryCount: newKeys.count) + index).initialize(
          to: newChildren[index])
        index += 1
      }
    }
    return type(of: self).init(
      dataMap: dataMap, nodeMap: nodeMap, entryCount: newKeys.count, storage: storage)
  }

  // MARK: Mutation (only while uniquely referenced)

  /// Sets the value for `key`, inserting it if absent.
  ///
  /// - Returns: Whether the key was inserted (rather than its value replaced).
  func update(_ value: Value, forKey key: Key, hash: UInt, shift: UInt) -> Bool {
    if shift >= Self.collisionShift {
      if let index = collisionIndex(of: key) {
        values[index] = value
        return false
      }
      insertEntry(key, value, at: entryCount)
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
      let child = pair(
        keys[index], values[index], Self.hash(keys[index]), key, value, hash,
        shift: shift + Self.bitsPerLevel)
      replaceEntry(at: index, withChild: child, at: Self.index(nodeMap, bit))
      dataMap &= ~bit
      nodeMap |= bit
      return true
    }
    if nodeMap & bit != 0 {
      let index = Self.index(nodeMap, bit)
      if !isKnownUniquelyReferenced(&children[index]) {
        children[index] = Self.node(children[index]).copy()
      }
      return Self.node(children[index]).update(
        value, forKey: key, hash: hash, shift: shift + Self.bitsPerLevel)
    }
    insertEntry(key, value, at: Self.index(dataMap, bit))
    dataMap |= bit
    return true
  }

  /// The node holding exactly two entries whose hashes agree below `shift`.
  private func pair(
    _ key1: Key, _ value1: Value, _ hash1: UInt, _ key2: Key, _ value2: Value, _ hash2: UInt,
    shift: UInt
  ) -> TrieNode {
    if shift >= Self.collisionShift {
      return make(keys: [key1, key2], values: [value1, value2])
    }
    let bit1 = Self.bit(hash1, shift)
    let bit2 = Self.bit(hash2, shift)
    if bit1 == bit2 {
      let child = pair(
        key1, value1, hash1, key2, value2, hash2, shift: shift + Self.bitsPerLevel)
      return make(nodeMap: bit1, children: [child])
    }
    return bit1 < bit2
      ? make(dataMap: bit1 | bit2, keys: [key1, key2], values: [value1, value2])
      : make(dataMap: bit1 | bit2, keys: [key2, key1], values: [value2, value1])
  }

  /// Removes `key`.
  ///
  /// - Returns: The removed value, or `nil` when the key was absent.
  func remove(_ key: Key, hash: UInt, shift: UInt) -> Value? {
    if shift >= Self.collisionShift {
      guard let index = collisionIndex(of: key) else { return nil }
      return removeEntry(at: index)
    }
    let bit = Self.bit(hash, shift)
    if dataMap & bit != 0 {
      let index = Self.index(dataMap, bit)
      guard keys[index] == key else { return nil }
      let removed = removeEntry(at: index)
      dataMap &= ~bit
      return removed
    }
    guard nodeMap & bit != 0 else { return nil }
    let index = Self.index(nodeMap, bit)
    if !isKnownUniquelyReferenced(&children[index]) {
      children[index] = Self.node(children[index]).copy()
    }
    let child = Self.node(children[index])
    guard let removed = child.remove(key, hash: hash, shift: shift + Self.bitsPerLevel)
    else { return nil }
    if child.nodeMap == 0 && child.entryCount == 1 {
      // Keep the layout canonical: a lone entry lives in its parent.
      replaceChild(
        at: index, withEntry: child.keys[0], child.values[0], at: Self.index(dataMap, bit))
      nodeMap &= ~bit
      dataMap |= bit
    }
    return removed
  }

  // MARK: Storage

  private static func keys(in storage: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<Key> {
    guard let storage else { return UnsafeMutablePointer(bitPattern: MemoryLayout<Key>.alignment)! }
    return storage.assumingMemoryBound(to: Key.self)
  }

  private static func values(
    in storage: UnsafeMutableRawPointer?, entryCount: Int
  ) -> UnsafeMutablePointer<Value> {
    guard let storage else {
      return UnsafeMutablePointer(bitPattern: MemoryLayout<Value>.alignment)!
    }
    return (storage + valuesOffset(entryCount)).assumingMemoryBound(to: Value.self)
  }

  private static func children(
    in storage: UnsafeMutableRawPointer?, entryCount: Int
  ) -> UnsafeMutablePointer<TrieNodeBase> {
    guard let storage else {
      return UnsafeMutablePointer(bitPattern: MemoryLayout<UnsafeRawPointer>.alignment)!
    }
    return (storage + childrenOffset(entryCount)).assumingMemoryBound(to: TrieNodeBase.self)
  }

  @inline(__always)
  private static func roundUp(_ offset: Int, to alignment: Int) -> Int {
    (offset + alignment - 1) & ~(alignment - 1)
  }

  @inline(__always)
  private static func valuesOffset(_ entryCount: Int) -> Int {
    roundUp(entryCount * MemoryLayout<Key>.stride, to: MemoryLayout<Value>.alignment)
  }

  @inline(__always)
  private static func childrenOffset(_ entryCount: Int) -> Int {
    roundUp(
      valuesOffset(entryCount) + entryCount * MemoryLayout<Value>.stride,
      to: MemoryLayout<UnsafeRawPointer>.alignment)
  }

  /// Uninitialized storage for `entryCount` entries and `childCount` children, bound to their
  /// types; `nil` when both are zero.
  private static func allocate(entryCount: Int, childCount: Int) -> UnsafeMutableRawPointer? {
    guard entryCount + childCount > 0 else { return nil }
    let size = childrenOffset(entryCount) + childCount * MemoryLayout<UnsafeRawPointer>.stride
    let alignment = max(
      MemoryLayout<Key>.alignment, MemoryLayout<Value>.alignment,
      MemoryLayout<UnsafeRawPointer>.alignment)
    let storage = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: alignment)
    storage.bindMemory(to: Key.self, capacity: entryCount)
    (storage + valuesOffset(entryCount)).bindMemory(to: Value.self, capacity: entryCount)
    (storage + childrenOffset(entryCount)).bindMemory(
      to: TrieNodeBase.self, capacity: childCount)
    return storage
  }

  /// Inserts an entry at `index`. The caller updates the maps.
  private func insertEntry(_ key: Key, _ value: Value, at index: Int) {
    let newStorage = Self.allocate(entryCount: entryCount + 1, childCount: childCount)
    let newKeys = Self.keys(in: newStorage)
    let newValues = Self.values(in: newStorage, entryCount: entryCount + 1)
    Self.move(keys, entryCount, opening: index, into: newKeys)
    Self.move(values, entryCount, opening: index, into: newValues)
    (newKeys + index).initialize(to: key)
    (newValues + index).initialize(to: value)
    Self.moveChildren(
      children, childCount, into: Self.children(in: newStorage, entryCount: entryCount + 1))
    replaceStorage(newStorage, entryCount: entryCount + 1)
  }

  /// Removes and returns the value of the entry at `index`. The caller updates the maps.
  private func removeEntry(at index: Int) -> Value {
    let newStorage = Self.allocate(entryCount: entryCount - 1, childCount: childCount)
    (keys + index).deinitialize(count: 1)
    let removed = (values + index).move()
    Self.move(keys, entryCount, skipping: index, into: Self.keys(in: newStorage))
    Self.move(
      values, entryCount, skipping: index,
      into: Self.values(in: newStorage, entryCount: entryCount - 1))
    Self.moveChildren(
      children, childCount, into: Self.children(in: newStorage, entryCount: entryCount - 1))
    replaceStorage(newStorage, entryCount: entryCount - 1)
    return removed
  }

  /// Replaces the entry at `entryIndex` with `child` at `childIndex` (counted among the
  /// children before the insertion). The caller updates the maps.
  private func replaceEntry(at entryIndex: Int, withChild child: TrieNode, at childIndex: Int) {
    let newStorage = Self.allocate(entryCount: entryCount - 1, childCount: childCount + 1)
    (keys + entryIndex).deinitialize(count: 1)
    (values + entryIndex).deinitialize(count: 1)
    Self.move(keys, entryCount, skipping: entryIndex, into: Self.keys(in: newStorage))
    Self.move(
      values, entryCount, skipping: entryIndex,
      into: Self.values(in: newStorage, entryCount: entryCount - 1))
    let newChildren = Self.children(in: newStorage, entryCount: entryCount - 1)
    Self.moveChildren(children, childCount, opening: childIndex, into: newChildren)
    (newChildren + childIndex).initialize(to: child)
    replaceStorage(newStorage, entryCount: entryCount - 1)
  }

  /// Replaces the child at `childIndex` with the entry `key: value` at `entryIndex`. The
  /// caller updates the maps.
  private func replaceChild(
    at childIndex: Int, withEntry key: Key, _ value: Value, at entryIndex: Int
  ) {
    let newStorage = Self.allocate(entryCount: entryCount + 1, childCount: childCount - 1)
    let newKeys = Self.keys(in: newStorage)
    let newValues = Self.values(in: newStorage, entryCount: entryCount + 1)
    Self.move(keys, entryCount, opening: entryIndex, into: newKeys)
    Self.move(values, entryCount, opening: entryIndex, into: newValues)
    (newKeys + entryIndex).initialize(to: key)
    (newValues + entryIndex).initialize(to: value)
    _ = (children + childIndex).move()
    Self.moveChildren(
      children, childCount, skipping: childIndex,
      into: Self.children(in: newStorage, entryCount: entryCount + 1))
    replaceStorage(newStorage, entryCount: entryCount + 1)
  }

  /// Frees the old storage, whose contents were moved out.
  private func replaceStorage(_ newStorage: UnsafeMutableRawPointer?, entryCount: Int) {
    storage?.deallocate()
    storage = newStorage
    self.entryCount = entryCount
  }

  // Children are moved, copied and destroyed one reference at a time, with operations that
  // inline to plain loads, stores, retains and releases: the bulk pointer operations are
  // generic stdlib entry points that would look up `TrieNode<Key, Value>`'s metadata and
  // destroy element by element through it.

  private static func copyChildren(
    from source: UnsafeMutablePointer<TrieNodeBase>,
    to destination: UnsafeMutablePointer<TrieNodeBase>,
    count: Int
  ) {
    var index = 0
    while index < count {
      (destination + index).initialize(to: source[index])
      index += 1
    }
  }

  private static func destroyChildren(_ children: UnsafeMutablePointer<TrieNodeBase>, count: Int) {
    var index = 0
    while index < count {
      _ = (children + index).move()
      index += 1
    }
  }

  /// Moves `count` child references (bitwise: a reference moves without retain or release).
  private static func moveChildren(
    _ source: UnsafeMutablePointer<TrieNodeBase>, _ count: Int,
    into destination: UnsafeMutablePointer<TrieNodeBase>
  ) {
    guard count > 0 else { return }
    UnsafeMutableRawPointer(destination).copyMemory(
      from: source, byteCount: count * MemoryLayout<UnsafeRawPointer>.stride)
  }

  private static func moveChildren(
    _ source: UnsafeMutablePointer<TrieNodeBase>, _ count: Int, skipping skipped: Int,
    into destination: UnsafeMutablePointer<TrieNodeBase>
  ) {
    moveChildren(source, skipped, into: destination)
    moveChildren(source + skipped + 1, count - skipped - 1, into: destination + skipped)
  }

  private static func moveChildren(
    _ source: UnsafeMutablePointer<TrieNodeBase>, _ count: Int, opening: Int,
    into destination: UnsafeMutablePointer<TrieNodeBase>
  ) {
    moveChildren(source, opening, into: destination)
    moveChildren(source + opening, count - opening, into: destination + opening + 1)
  }

  /// Moves `count` elements, leaving out (already moved or destroyed) element `skipped`.
  private static func move<T>(
    _ source: UnsafeMutablePointer<T>, _ count: Int, skipping skipped: Int,
    into destination: UnsafeMutablePointer<T>
  ) {
    destination.moveInitialize(from: source, count: skipped)
    (destination + skipped).moveInitialize(from: source + skipped + 1, count: count - skipped - 1)
  }

  /// Moves `count` elements, leaving a hole at `opening` in the destination.
  private static func move<T>(
    _ source: UnsafeMutablePointer<T>, _ count: Int, opening: Int,
    into destination: UnsafeMutablePointer<T>
  ) {
    destination.moveInitialize(from: source, count: opening)
    (destination + opening + 1).moveInitialize(from: source + opening, count: count - opening)
  }
}

/// The trie's constants, outside the generic class so that they fold into constants even in
/// unspecialized code.
enum TrieShape {
  static var bitsPerLevel: UInt { 5 }
  static var collisionShift: UInt { 64 }

  static func hash<Key: Hashable>(_ key: Key) -> UInt {
    UInt(bitPattern: key.hashValue)
  }

  /// The slot bit of `hash` at `shift`.
  @inline(__always)
  static func bit(_ hash: UInt, _ shift: UInt) -> UInt32 {
    1 &<< UInt32(truncatingIfNeeded: (hash &>> shift) & 31)
  }

  /// The index of slot `bit` among the slots set in `map`.
  @inline(__always)
  static func index(_ map: UInt32, _ bit: UInt32) -> Int {
    (map & (bit &- 1)).nonzeroBitCount
  }
}

// Safe: a node is mutated only while uniquely referenced (every mutation goes through
// `HashTrie`, which copies shared nodes first), so a node reachable from two values, and so
// from two threads, is never written.
extension TrieNode: @unchecked Sendable where Key: Sendable, Value: Sendable {}
