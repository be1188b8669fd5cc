/// Comparing two tries node by node, skipping the subtrees they share.
extension TrieNode {
  /// Whether two nodes at `shift` hold the same entries.
  static func isEqual(_ lhs: TrieNode, _ rhs: TrieNode, shift: UInt) -> Bool
  where Value: Equatable {
    if lhs === rhs { return true }
    guard lhs.keys.count == rhs.keys.count else { return false }
    if shift >= collisionShift {
      var index = 0
      while index < lhs.keys.count {
        guard
          let other = rhs.collisionIndex(of: lhs.keys[index]),
          rhs.values[other] == lhs.values[index]
        else { return false }
        index += 1
      }
      return true
    }
    guard lhs.dataMap == rhs.dataMap, lhs.nodeMap == rhs.nodeMap else { return false }
    var index = 0
    while index < lhs.keys.count {
      guard lhs.keys[index] == rhs.keys[index], lhs.values[index] == rhs.values[index] else {
        return false
      }
      index += 1
    }
    index = 0
    while index < lhs.children.count {
      guard isEqual(lhs.children[index], rhs.children[index], shift: shift + bitsPerLevel)
      else { return false }
      index += 1
    }
    return true
  }

  /// Calls `body` with the keys whose entries may differ between `old` and `new`.
  static func forEachDifference(
    _ old: TrieNode, _ new: TrieNode, shift: UInt, _ body: (Key) -> Void
  ) {
    if old === new { return }
    if shift >= collisionShift {
      forEachCollisionDifference(old, new, body)
      return
    }
    var slots = old.dataMap | old.nodeMap | new.dataMap | new.nodeMap
    while slots != 0 {
      let bit = slots & (0 &- slots)
      slots &= ~bit
      let oldData = old.dataMap & bit != 0
      let newData = new.dataMap & bit != 0
      let oldNode = old.nodeMap & bit != 0
      let newNode = new.nodeMap & bit != 0
      if oldData && newData {
        let oldIndex = index(old.dataMap, bit)
        let newIndex = index(new.dataMap, bit)
        if old.keys[oldIndex] != new.keys[newIndex] {
          body(old.keys[oldIndex])
          body(new.keys[newIndex])
        } else if !sameBits(old, oldIndex, new, newIndex) {
          body(new.keys[newIndex])
        }
      } else if oldNode && newNode {
        forEachDifference(
          old.children[index(old.nodeMap, bit)], new.children[index(new.nodeMap, bit)],
          shift: shift + bitsPerLevel, body)
      } else if oldData && newNode {
        // An entry pushed down beside new ones: only those, and the entry if it changed.
        forEachDifference(
          entry: index(old.dataMap, bit), of: old, subtree: new.children[index(new.nodeMap, bit)],
          entryIsOld: true, body)
      } else if oldNode && newData {
        // Entries removed around one that was pulled up.
        forEachDifference(
          entry: index(new.dataMap, bit), of: new, subtree: old.children[index(old.nodeMap, bit)],
          entryIsOld: false, body)
      } else {
        if oldData { body(old.keys[index(old.dataMap, bit)]) }
        if newData { body(new.keys[index(new.dataMap, bit)]) }
        if oldNode { old.children[index(old.nodeMap, bit)].forEachEntry { body($0.keys[$1]) } }
        if newNode { new.children[index(new.nodeMap, bit)].forEachEntry { body($0.keys[$1]) } }
      }
    }
  }

  /// The differences between one entry of `node` and a subtree occupying its slot on the other
  /// side.
  private static func forEachDifference(
    entry: Int, of node: TrieNode, subtree: TrieNode, entryIsOld: Bool, _ body: (Key) -> Void
  ) {
    let key = node.keys[entry]
    var found = false
    subtree.forEachEntry { other, index in
      guard other.keys[index] == key else {
        body(other.keys[index])
        return
      }
      found = true
      let same =
        entryIsOld ? sameBits(node, entry, other, index) : sameBits(other, index, node, entry)
      if !same { body(key) }
    }
    if !found { body(key) }
  }

  private static func forEachCollisionDifference(
    _ old: TrieNode, _ new: TrieNode, _ body: (Key) -> Void
  ) {
    var index = 0
    while index < old.keys.count {
      if let other = new.collisionIndex(of: old.keys[index]) {
        if !sameBits(old, index, new, other) { body(old.keys[index]) }
      } else {
        body(old.keys[index])
      }
      index += 1
    }
    index = 0
    while index < new.keys.count {
      if old.collisionIndex(of: new.keys[index]) == nil { body(new.keys[index]) }
      index += 1
    }
  }

  /// Calls `body` with the node and index of every entry in this subtree.
  func forEachEntry(_ body: (TrieNode, Int) -> Void) {
    var index = 0
    while index < keys.count {
      body(self, index)
      index += 1
    }
    index = 0
    while index < children.count {
      children[index].forEachEntry(body)
      index += 1
    }
  }

  /// Whether two stored values are bit-for-bit the same: then they are the same value (an
  /// unchanged copy). Values that differ only in padding compare as different, which callers
  /// treat as "may have changed".
  private static func sameBits(
    _ lhsNode: TrieNode, _ lhsIndex: Int, _ rhsNode: TrieNode, _ rhsIndex: Int
  ) -> Bool {
    lhsNode.values.withUnsafeBufferPointer { lhs in
      rhsNode.values.withUnsafeBufferPointer { rhs in
        let size = MemoryLayout<Value>.size
        let left = UnsafeRawPointer(lhs.baseAddress! + lhsIndex)
        let right = UnsafeRawPointer(rhs.baseAddress! + rhsIndex)
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
  }
}
