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
    unsafe super.init(dataMap: 0, nodeMap: 0, entryCount: 0, storage: nil)
  }

  required override init(
    dataMap: UInt32, nodeMap: UInt32, entryCount: Int, storage: UnsafeMutableRawPointer?
  ) {
    unsafe super.init(dataMap: dataMap, nodeMap: nodeMap, entryCount: entryCount, storage: storage)
  }

  /// `base` as the node it is. Free: no check, no metadata look-up.
  @inline(__always)
  static func node(_ base: TrieNodeBase) -> TrieNode {
    unsafe unsafeDowncast(base, to: TrieNode.self)
  }

  deinit {
    guard let storage = unsafe storage else { return }
    unsafe keys.deinitialize(count: entryCount)
    unsafe values.deinitialize(count: entryCount)
    unsafe Self.destroyChildren(children, count: childCount)
    unsafe storage.deallocate()
  }

  var keys: UnsafeMutablePointer<Key> {
    unsafe Self.keys(in: storage)
  }

  var values: UnsafeMutablePointer<Value> {
    unsafe Self.values(in: storage, entryCount: entryCount)
  }

  var children: UnsafeMutablePointer<TrieNodeBase> {
    unsafe Self.children(in: storage, entryCount: entryCount)
  }

  @inline(__always)
  static func hash(_ key: Key) -> UInt { TrieShape.hash(key) }

  @inline(__always)
  static func bit(_ hash: UInt, _ shift: UInt) -> UInt32 { TrieShape.bit(hash, shift) }

  @inline(__always)
  static func index(_ map: UInt32, _ bit: UInt32) -> Int { TrieShape.index(map, bit) }

  /// The index of `key` among the entries of a collision node.
  func collisionIndex(of key: Key) -> Int? {
    let keys = unsafe keys
    var index = 0
    while unsafe index < entryCount {
      if unsafe keys[index] == key { return index }
      index += 1
    }
    return nil
  }

  /// A node with the same contents (copies of the entries, the same children).
  func copy() -> TrieNode {
    let storage = unsafe Self.allocate(entryCount: entryCount, childCount: childCount)
    if let storage = unsafe storage {
      unsafe Self.keys(in: storage).initialize(from: keys, count: entryCount)
      unsafe Self.values(in: storage, entryCount: entryCount).initialize(
        from: values, count: entryCount)
      unsafe Self.copyChildren(
        from: children, to: Self.children(in: storage, entryCount: entryCount), count: childCount)
    }
    return unsafe type(of: self).init(
      dataMap: dataMap, nodeMap: nodeMap, entryCount: entryCount, storage: storage)
  }

  /// A new node of this node's type (so without looking up its metadata).
  private func make(
    dataMap: UInt32 = 0, nodeMap: UInt32 = 0, keys newKeys: [Key] = [],
    values newValues: [Value] = [], children newChildren: [TrieNodeBase] = []
  ) -> TrieNode {
    let storage = unsafe Self.allocate(entryCount: newKeys.count, childCount: newChildren.count)
    if let storage = unsafe storage {
      var index = 0
      while index < newKeys.count {
        unsafe (Self.keys(in: storage) + index).initialize(to: newKeys[index])
        unsafe (Self.values(in: storage, entryCount: newKeys.count) + index).initialize(
          to: newValues[index])
        index += 1
      }
      index = 0
      while index < newChildren.count {
        unsafe (Self.children(in: storage, entryCount: newKeys.count) + index).initialize(
          to: newChildren[index])
        index += 1
      }
    }
    return unsafe type(of: self).init(
      dataMap: dataMap, nodeMap: nodeMap, entryCount: newKeys.count, storage: storage)
  }

  // MARK: Mutation (only while uniquely referenced)

  /// Sets the value for `key`, inserting it if absent.
  ///
  /// - Returns: Whether the key was inserted (rather than its value replaced).
  func update(_ value: Value, forKey key: Key, hash: UInt, shift: UInt) -> Bool {
    if shift >= Self.collisionShift {
      if let index = collisionIndex(of: key) {
        unsafe values[index] = value
        return false
      }
      unsafe insertEntry(key, value, at: entryCount)
      return true
    }
    let bit = Self.bit(hash, shift)
    if unsafe dataMap & bit != 0 {
      let index = unsafe Self.index(dataMap, bit)
      if unsafe keys[index] == key {
        unsafe values[index] = value
        return false
      }
      // Two keys share this slot: push both down into a new child.
      let child = unsafe pair(
        keys[index], values[index], Self.hash(keys[index]), key, value, hash,
        shift: shift + Self.bitsPerLevel)
      unsafe replaceEntry(at: index, withChild: child, at: Self.index(nodeMap, bit))
      unsafe dataMap &= ~bit
      unsafe nodeMap |= bit
      return true
    }
    if unsafe nodeMap & bit != 0 {
      let index = unsafe Self.index(nodeMap, bit)
      if unsafe !isKnownUniquelyReferenced(&children[index]) {
        unsafe children[index] = unsafe Self.node(children[index]).copy()
      }
      return unsafe Self.node(children[index]).update(
        value, forKey: key, hash: hash, shift: shift + Self.bitsPerLevel)
    }
    unsafe insertEntry(key, value, at: Self.index(dataMap, bit))
    unsafe dataMap |= bit
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
    if unsafe dataMap & bit != 0 {
      let index = unsafe Self.index(dataMap, bit)
      guard unsafe keys[index] == key else { return nil }
      let removed = removeEntry(at: index)
      unsafe dataMap &= ~bit
      return removed
    }
    guard unsafe nodeMap & bit != 0 else { return nil }
    let index = unsafe Self.index(nodeMap, bit)
    if unsafe !isKnownUniquelyReferenced(&children[index]) {
      unsafe children[index] = unsafe Self.node(children[index]).copy()
    }
    let child = unsafe Self.node(children[index])
    guard let removed = child.remove(key, hash: hash, shift: shift + Self.bitsPerLevel)
    else { return nil }
    if unsafe child.nodeMap == 0 && child.entryCount == 1 {
      // Keep the layout canonical: a lone entry lives in its parent.
      unsafe replaceChild(
        at: index, withEntry: child.keys[0], child.values[0], at: Self.index(dataMap, bit))
      unsafe nodeMap &= ~bit
      unsafe dataMap |= bit
    }
    return removed
  }

  // MARK: Storage

  private static func keys(in storage: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<Key> {
    guard let storage = unsafe storage else {
      return unsafe UnsafeMutablePointer(bitPattern: MemoryLayout<Key>.alignment)!
    }
    return unsafe storage.assumingMemoryBound(to: Key.self)
  }

  private static func values(
    in storage: UnsafeMutableRawPointer?, entryCount: Int
  ) -> UnsafeMutablePointer<Value> {
    guard let storage = unsafe storage else {
      return unsafe UnsafeMutablePointer(bitPattern: MemoryLayout<Value>.alignment)!
    }
    return unsafe (storage + valuesOffset(entryCount)).assumingMemoryBound(to: Value.self)
  }

  private static func children(
    in storage: UnsafeMutableRawPointer?, entryCount: Int
  ) -> UnsafeMutablePointer<TrieNodeBase> {
    guard let storage = unsafe storage else {
      return unsafe UnsafeMutablePointer(bitPattern: MemoryLayout<UnsafeRawPointer>.alignment)!
    }
    return unsafe (storage + childrenOffset(entryCount)).assumingMemoryBound(to: TrieNodeBase.self)
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
    unsafe roundUp(
      valuesOffset(entryCount) + entryCount * MemoryLayout<Value>.stride,
      to: MemoryLayout<UnsafeRawPointer>.alignment)
  }

  /// Uninitialized storage for `entryCount` entries and `childCount` children, bound to their
  /// types; `nil` when both are zero.
  private static func allocate(entryCount: Int, childCount: Int) -> UnsafeMutableRawPointer? {
    guard entryCount + childCount > 0 else { return nil }
    let size =
      unsafe childrenOffset(entryCount) + childCount * MemoryLayout<UnsafeRawPointer>.stride
    let alignment = unsafe max(
      MemoryLayout<Key>.alignment, MemoryLayout<Value>.alignment,
      MemoryLayout<UnsafeRawPointer>.alignment)
    let storage = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: alignment)
    unsafe storage.bindMemory(to: Key.self, capacity: entryCount)
    unsafe (storage + valuesOffset(entryCount)).bindMemory(to: Value.self, capacity: entryCount)
    unsafe (storage + childrenOffset(entryCount)).bindMemory(
      to: TrieNodeBase.self, capacity: childCount)
    return unsafe storage
  }

  /// Inserts an entry at `index`. The caller updates the maps.
  private func insertEntry(_ key: Key, _ value: Value, at index: Int) {
    let newStorage = unsafe Self.allocate(entryCount: entryCount + 1, childCount: childCount)
    let newKeys = unsafe Self.keys(in: newStorage)
    let newValues = unsafe Self.values(in: newStorage, entryCount: entryCount + 1)
    unsafe Self.move(keys, entryCount, opening: index, into: newKeys)
    unsafe Self.move(values, entryCount, opening: index, into: newValues)
    unsafe (newKeys + index).initialize(to: key)
    unsafe (newValues + index).initialize(to: value)
    unsafe Self.moveChildren(
      children, childCount, into: Self.children(in: newStorage, entryCount: entryCount + 1))
    unsafe replaceStorage(newStorage, entryCount: entryCount + 1)
  }

  /// Removes and returns the value of the entry at `index`. The caller updates the maps.
  private func removeEntry(at index: Int) -> Value {
    let newStorage = unsafe Self.allocate(entryCount: entryCount - 1, childCount: childCount)
    unsafe (keys + index).deinitialize(count: 1)
    let removed = unsafe (values + index).move()
    unsafe Self.move(keys, entryCount, skipping: index, into: Self.keys(in: newStorage))
    unsafe Self.move(
      values, entryCount, skipping: index,
      into: Self.values(in: newStorage, entryCount: entryCount - 1))
    unsafe Self.moveChildren(
      children, childCount, into: Self.children(in: newStorage, entryCount: entryCount - 1))
    unsafe replaceStorage(newStorage, entryCount: entryCount - 1)
    return removed
  }

  /// Replaces the entry at `entryIndex` with `child` at `childIndex` (counted among the
  /// children before the insertion). The caller updates the maps.
  private func replaceEntry(at entryIndex: Int, withChild child: TrieNode, at childIndex: Int) {
    let newStorage = unsafe Self.allocate(entryCount: entryCount - 1, childCount: childCount + 1)
    unsafe (keys + entryIndex).deinitialize(count: 1)
    unsafe (values + entryIndex).deinitialize(count: 1)
    unsafe Self.move(keys, entryCount, skipping: entryIndex, into: Self.keys(in: newStorage))
    unsafe Self.move(
      values, entryCount, skipping: entryIndex,
      into: Self.values(in: newStorage, entryCount: entryCount - 1))
    let newChildren = unsafe Self.children(in: newStorage, entryCount: entryCount - 1)
    unsafe Self.moveChildren(children, childCount, opening: childIndex, into: newChildren)
    unsafe (newChildren + childIndex).initialize(to: child)
    unsafe replaceStorage(newStorage, entryCount: entryCount - 1)
  }

  /// Replaces the child at `childIndex` with the entry `key: value` at `entryIndex`. The
  /// caller updates the maps.
  private func replaceChild(
    at childIndex: Int, withEntry key: Key, _ value: Value, at entryIndex: Int
  ) {
    let newStorage = unsafe Self.allocate(entryCount: entryCount + 1, childCount: childCount - 1)
    let newKeys = unsafe Self.keys(in: newStorage)
    let newValues = unsafe Self.values(in: newStorage, entryCount: entryCount + 1)
    unsafe Self.move(keys, entryCount, opening: entryIndex, into: newKeys)
    unsafe Self.move(values, entryCount, opening: entryIndex, into: newValues)
    unsafe (newKeys + entryIndex).initialize(to: key)
    unsafe (newValues + entryIndex).initialize(to: value)
    _ = unsafe (children + childIndex).move()
    unsafe Self.moveChildren(
      children, childCount, skipping: childIndex,
      into: Self.children(in: newStorage, entryCount: entryCount + 1))
    unsafe replaceStorage(newStorage, entryCount: entryCount + 1)
  }

  /// Frees the old storage, whose contents were moved out.
  private func replaceStorage(_ newStorage: UnsafeMutableRawPointer?, entryCount: Int) {
    unsafe storage?.deallocate()
    unsafe storage = unsafe newStorage
    unsafe self.entryCount = entryCount
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
      unsafe (destination + index).initialize(to: source[index])
      index += 1
    }
  }

  private static func destroyChildren(_ children: UnsafeMutablePointer<TrieNodeBase>, count: Int) {
    var index = 0
    while index < count {
      _ = unsafe (children + index).move()
      index += 1
    }
  }

  /// Moves `count` child references (bitwise: a reference moves without retain or release).
  private static func moveChildren(
    _ source: UnsafeMutablePointer<TrieNodeBase>, _ count: Int,
    into destination: UnsafeMutablePointer<TrieNodeBase>
  ) {
    guard count > 0 else { return }
    unsafe UnsafeMutableRawPointer(destination).copyMemory(
      from: source, byteCount: count * MemoryLayout<UnsafeRawPointer>.stride)
  }

  private static func moveChildren(
    _ source: UnsafeMutablePointer<TrieNodeBase>, _ count: Int, skipping skipped: Int,
    into destination: UnsafeMutablePointer<TrieNodeBase>
  ) {
    unsafe moveChildren(source, skipped, into: destination)
    unsafe moveChildren(source + skipped + 1, count - skipped - 1, into: destination + skipped)
  }

  private static func moveChildren(
    _ source: UnsafeMutablePointer<TrieNodeBase>, _ count: Int, opening: Int,
    into destination: UnsafeMutablePointer<TrieNodeBase>
  ) {
    unsafe moveChildren(source, opening, into: destination)
    unsafe moveChildren(source + opening, count - opening, into: destination + opening + 1)
  }

  /// Moves `count` elements, leaving out (already moved or destroyed) element `skipped`.
  private static func move<T>(
    _ source: UnsafeMutablePointer<T>, _ count: Int, skipping skipped: Int,
    into destination: UnsafeMutablePointer<T>
  ) {
    unsafe destination.moveInitialize(from: source, count: skipped)
    unsafe (destination + skipped).moveInitialize(
      from: source + skipped + 1, count: count - skipped - 1)
  }

  /// Moves `count` elements, leaving a hole at `opening` in the destination.
  private static func move<T>(
    _ source: UnsafeMutablePointer<T>, _ count: Int, opening: Int,
    into destination: UnsafeMutablePointer<T>
  ) {
    unsafe destination.moveInitialize(from: source, count: opening)
    unsafe (destination + opening + 1).moveInitialize(
      from: source + opening, count: count - opening)
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
