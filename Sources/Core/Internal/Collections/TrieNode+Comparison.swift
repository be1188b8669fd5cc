/// Comparing two tries node by node, skipping the subtrees they share.
///
/// Entries are first compared bit for bit: an entry copied unchanged from one version to the
/// next is recognized without calling `==` (as `Array` treats arrays sharing storage as equal).
extension TrieNode {
  /// Whether two nodes at `shift` hold the same entries.
  static func isEqual(_ lhs: TrieNode, _ rhs: TrieNode, shift: UInt) -> Bool
  where Value: Equatable {
    if lhs === rhs { return true }
    let count = lhs.entryCount
    guard count == rhs.entryCount else { return false }
    let lhsKeys = lhs.keys
    let rhsKeys = rhs.keys
    let lhsValues = lhs.values
    let rhsValues = rhs.values
    if shift >= TrieShape.collisionShift {
      var index = 0
      while index < count {
        guard
          let other = rhs.collisionIndex(of: lhsKeys[index]),
          sameValue(lhsValues + index, rhsValues + other)
        else { return false }
        index += 1
      }
      return true
    }
    guard lhs.dataMap == rhs.dataMap, lhs.nodeMap == rhs.nodeMap else { return false }
    var index = 0
    while index < count {
      guard sameKey(lhsKeys + index, rhsKeys + index),
        sameValue(lhsValues + index, rhsValues + index)
      else { return false }
      index += 1
    }
    let lhsChildren = lhs.children
    let rhsChildren = rhs.children
    let childCount = lhs.childCount
    index = 0
    while index < childCount {
      let left = lhsChildren[index]
      let right = rhsChildren[index]
      if left !== right {
        guard isEqual(node(left), node(right), shift: shift + TrieShape.bitsPerLevel) else {
          return false
        }
      }
      index += 1
    }
    return true
  }

  /// Calls `body` with the keys whose entries may differ between `old` and `new`.
  static func forEachDifference(
    _ old: TrieNode, _ new: TrieNode, shift: UInt, _ body: (Key) -> Void
  ) {
    if old === new { return }
    if shift >= TrieShape.collisionShift {
      forEachCollisionDifference(old, new, body)
      return
    }
    let oldKeys = old.keys
    let newKeys = new.keys
    let oldChildren = old.children
    let newChildren = new.children
    var slots = old.dataMap | old.nodeMap | new.dataMap | new.nodeMap
    while slots != 0 {
      let bit = slots & (0 &- slots)
      slots &= ~bit
      let oldData = old.dataMap & bit != 0
      let newData = new.dataMap & bit != 0
      let oldNode = old.nodeMap & bit != 0
      let newNode = new.nodeMap & bit != 0
      if oldNode && newNode {
        let oldChild = oldChildren[index(old.nodeMap, bit)]
        let newChild = newChildren[index(new.nodeMap, bit)]
        if oldChild !== newChild {
          forEachDifference(
            node(oldChild), node(newChild), shift: shift + TrieShape.bitsPerLevel, body)
        }
      } else if oldData && newData {
        let oldIndex = index(old.dataMap, bit)
        let newIndex = index(new.dataMap, bit)
        if !sameKey(oldKeys + oldIndex, newKeys + newIndex) {
          body(oldKeys[oldIndex])
          body(newKeys[newIndex])
        } else if !sameBits(old.values + oldIndex, new.values + newIndex) {
          body(newKeys[newIndex])
        }
      } else if oldData && newNode {
        // An entry pushed down beside new ones: only those, and the entry if it changed.
        forEachDifference(
          entry: index(old.dataMap, bit), of: old,
          subtree: node(newChildren[index(new.nodeMap, bit)]),
          entryIsOld: true, body)
      } else if oldNode && newData {
        // Entries removed around one that was pulled up.
        forEachDifference(
          entry: index(new.dataMap, bit), of: new,
          subtree: node(oldChildren[index(old.nodeMap, bit)]),
          entryIsOld: false, body)
      } else {
        if oldData { body(oldKeys[index(old.dataMap, bit)]) }
        if newData { body(newKeys[index(new.dataMap, bit)]) }
        if oldNode { node(oldChildren[index(old.nodeMap, bit)]).forEachEntry { body($0.keys[$1]) } }
        if newNode { node(newChildren[index(new.nodeMap, bit)]).forEachEntry { body($0.keys[$1]) } }
      }
    }
  }

  /// The differences between one entry of `node` and a subtree occupying its slot on the other
  /// side.
  private static func forEachDifference(
    entry: Int, of node: TrieNode, subtree: TrieNode, entryIsOld: Bool, _ body: (Key) -> Void
  ) {
    let key = node.keys + entry
    let value = node.values + entry
    var found = false
    subtree.forEachEntry { other, index in
      guard sameKey(other.keys + index, key) else {
        body(other.keys[index])
        return
      }
      found = true
      if !sameBits(other.values + index, value) { body(key.pointee) }
    }
    if !found { body(key.pointee) }
  }

  private static func forEachCollisionDifference(
    _ old: TrieNode, _ new: TrieNode, _ body: (Key) -> Void
  ) {
    var index = 0
    while index < old.entryCount {
      if let other = new.collisionIndex(of: old.keys[index]) {
        if !sameBits(old.values + index, new.values + other) { body(old.keys[index]) }
      } else {
        body(old.keys[index])
      }
      index += 1
    }
    index = 0
    while index < new.entryCount {
      if old.collisionIndex(of: new.keys[index]) == nil { body(new.keys[index]) }
      index += 1
    }
  }

  /// Calls `body` with the node and index of every entry in this subtree.
  func forEachEntry(_ body: (TrieNode, Int) -> Void) {
    var index = 0
    while index < entryCount {
      body(self, index)
      index += 1
    }
    let children = children
    index = 0
    while index < childCount {
      Self.node(children[index]).forEachEntry(body)
      index += 1
    }
  }

  /// Whether two keys are equal: the same bits, or `==`.
  private static func sameKey(
    _ lhs: UnsafeMutablePointer<Key>, _ rhs: UnsafeMutablePointer<Key>
  ) -> Bool {
    sameBits(lhs, rhs) || lhs.pointee == rhs.pointee
  }

  /// Whether two values are equal: the same bits, or `==`.
  private static func sameValue(
    _ lhs: UnsafeMutablePointer<Value>, _ rhs: UnsafeMutablePointer<Value>
  ) -> Bool where Value: Equatable {
    sameBits(lhs, rhs) || lhs.pointee == rhs.pointee
  }

  /// Whether two stored values are bit for bit the same: then one is an unchanged copy of the
  /// other. Values that differ only in padding compare as different, which callers treat as
  /// "may have changed".
  private static func sameBits<T>(
    _ lhs: UnsafeMutablePointer<T>, _ rhs: UnsafeMutablePointer<T>
  ) -> Bool {
    let size = MemoryLayout<T>.size
    let left = UnsafeRawPointer(lhs)
    let right = UnsafeRawPointer(rhs)
    if left == right { return true }
    var offset = 0
    while offset + 8 <= size {
      guard
        left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      else { return false }
      offset += 8
    }
    while offset < size {
      guard
        left.load(fromByteOffset: offset, as: UInt8.self)
          == right.load(fromByteOffset: offset, as: UInt8.self)
      else { return false }
      offset += 1
    }
    return true
  }
}
