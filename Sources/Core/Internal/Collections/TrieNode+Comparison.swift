/// Comparing two tries node by node, skipping the subtrees they share.
///
/// Entries are first compared bit for bit: an entry copied unchanged from one version to the
/// next is recognized without calling `==` (as `Array` treats arrays sharing storage as equal).
extension TrieNode {
  /// Whether two nodes at `shift` hold the same entries.
  static func isEqual(_ lhs: TrieNode, _ rhs: TrieNode, shift: UInt) -> Bool
  where Value: Equatable {
    if lhs === rhs { return true }
    let count = unsafe lhs.entryCount
    guard unsafe count == rhs.entryCount else { return false }
    let lhsKeys = unsafe lhs.keys
    let rhsKeys = unsafe rhs.keys
    let lhsValues = unsafe lhs.values
    let rhsValues = unsafe rhs.values
    if shift >= TrieShape.collisionShift {
      var index = 0
      while index < count {
        guard
          let other = unsafe rhs.collisionIndex(of: lhsKeys[index]),
          unsafe sameValue(lhsValues + index, rhsValues + other)
        else { return false }
        index += 1
      }
      return true
    }
    guard unsafe lhs.dataMap == rhs.dataMap, unsafe lhs.nodeMap == rhs.nodeMap else { return false }
    var index = 0
    while index < count {
      guard unsafe sameKey(lhsKeys + index, rhsKeys + index),
        unsafe sameValue(lhsValues + index, rhsValues + index)
      else { return false }
      index += 1
    }
    let lhsChildren = unsafe lhs.children
    let rhsChildren = unsafe rhs.children
    let childCount = lhs.childCount
    index = 0
    while index < childCount {
      let left = unsafe lhsChildren[index]
      let right = unsafe rhsChildren[index]
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
    let oldKeys = unsafe old.keys
    let newKeys = unsafe new.keys
    let oldChildren = unsafe old.children
    let newChildren = unsafe new.children
    var slots = unsafe old.dataMap | old.nodeMap | new.dataMap | new.nodeMap
    while slots != 0 {
      let bit = slots & (0 &- slots)
      slots &= ~bit
      let oldData = unsafe old.dataMap & bit != 0
      let newData = unsafe new.dataMap & bit != 0
      let oldNode = unsafe old.nodeMap & bit != 0
      let newNode = unsafe new.nodeMap & bit != 0
      if oldNode && newNode {
        let oldChild = unsafe oldChildren[index(old.nodeMap, bit)]
        let newChild = unsafe newChildren[index(new.nodeMap, bit)]
        if oldChild !== newChild {
          forEachDifference(
            node(oldChild), node(newChild), shift: shift + TrieShape.bitsPerLevel, body)
        }
      } else if oldData && newData {
        let oldIndex = unsafe index(old.dataMap, bit)
        let newIndex = unsafe index(new.dataMap, bit)
        if unsafe !sameKey(oldKeys + oldIndex, newKeys + newIndex) {
          unsafe body(oldKeys[oldIndex])
          unsafe body(newKeys[newIndex])
        } else if unsafe !sameBits(old.values + oldIndex, new.values + newIndex) {
          unsafe body(newKeys[newIndex])
        }
      } else if oldData && newNode {
        // An entry pushed down beside new ones: only those, and the entry if it changed.
        unsafe forEachDifference(
          entry: index(old.dataMap, bit), of: old,
          subtree: node(newChildren[index(new.nodeMap, bit)]),
          entryIsOld: true, body)
      } else if oldNode && newData {
        // Entries removed around one that was pulled up.
        unsafe forEachDifference(
          entry: index(new.dataMap, bit), of: new,
          subtree: node(oldChildren[index(old.nodeMap, bit)]),
          entryIsOld: false, body)
      } else {
        if oldData { unsafe body(oldKeys[index(old.dataMap, bit)]) }
        if newData { unsafe body(newKeys[index(new.dataMap, bit)]) }
        if oldNode {
          unsafe node(oldChildren[index(old.nodeMap, bit)]).forEachEntry {
            unsafe body($0.keys[$1])
          }
        }
        if newNode {
          unsafe node(newChildren[index(new.nodeMap, bit)]).forEachEntry {
            unsafe body($0.keys[$1])
          }
        }
      }
    }
  }

  /// The differences between one entry of `node` and a subtree occupying its slot on the other
  /// side.
  private static func forEachDifference(
    entry: Int, of node: TrieNode, subtree: TrieNode, entryIsOld: Bool, _ body: (Key) -> Void
  ) {
    let key = unsafe node.keys + entry
    let value = unsafe node.values + entry
    var found = false
    subtree.forEachEntry { other, index in
      guard unsafe sameKey(other.keys + index, key) else {
        unsafe body(other.keys[index])
        return
      }
      found = true
      if unsafe !sameBits(other.values + index, value) { unsafe body(key.pointee) }
    }
    if !found { unsafe body(key.pointee) }
  }

  private static func forEachCollisionDifference(
    _ old: TrieNode, _ new: TrieNode, _ body: (Key) -> Void
  ) {
    var index = 0
    while unsafe index < old.entryCount {
      if let other = unsafe new.collisionIndex(of: old.keys[index]) {
        if unsafe !sameBits(old.values + index, new.values + other) { unsafe body(old.keys[index]) }
      } else {
        unsafe body(old.keys[index])
      }
      index += 1
    }
    index = 0
    while unsafe index < new.entryCount {
      if unsafe old.collisionIndex(of: new.keys[index]) == nil { unsafe body(new.keys[index]) }
      index += 1
    }
  }

  /// Calls `body` with the node and index of every entry in this subtree.
  func forEachEntry(_ body: (TrieNode, Int) -> Void) {
    var index = 0
    while unsafe index < entryCount {
      body(self, index)
      index += 1
    }
    let children = unsafe children
    index = 0
    while index < childCount {
      unsafe Self.node(children[index]).forEachEntry(body)
      index += 1
    }
  }

  /// Whether two keys are equal: the same bits, or `==`.
  private static func sameKey(
    _ lhs: UnsafeMutablePointer<Key>, _ rhs: UnsafeMutablePointer<Key>
  ) -> Bool {
    unsafe sameBits(lhs, rhs) || lhs.pointee == rhs.pointee
  }

  /// Whether two values are equal: the same bits, or `==`.
  private static func sameValue(
    _ lhs: UnsafeMutablePointer<Value>, _ rhs: UnsafeMutablePointer<Value>
  ) -> Bool where Value: Equatable {
    unsafe sameBits(lhs, rhs) || lhs.pointee == rhs.pointee
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
    if unsafe left == right { return true }
    var offset = 0
    while offset + 8 <= size {
      guard
        unsafe left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      else { return false }
      offset += 8
    }
    while offset < size {
      guard
        unsafe left.load(fromByteOffset: offset, as: UInt8.self)
          == right.load(fromByteOffset: offset, as: UInt8.self)
      else { return false }
      offset += 1
    }
    return true
  }
}
