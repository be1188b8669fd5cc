/// The part of a ``TrieNode`` that does not depend on its key and value types.
///
/// Children are stored and checked for uniqueness as `TrieNodeBase` references: in
/// unspecialized generic code, every use of the generic class type `TrieNode<Key, Value>` as a
/// type argument (`isKnownUniquelyReferenced(&node)`, a typed buffer of children) looks up its
/// metadata at run time, which costs more than the trie operation itself. The fields live here
/// for the same reason: their offsets are fixed.
///
/// `@safe`: the node is a safe reference to hold and pass around; each read or write through
/// its `storage` pointer is an expression marked `unsafe`, in `TrieNode`.
@usableFromInline @safe
class TrieNodeBase {
  // `@exclusivity(unchecked)` is safe: a node is only mutated while uniquely referenced, by
  // one `HashTrie` mutation at a time, and no access to a field overlaps another; the run-time
  // checks would cost more than the work they guard.
  @exclusivity(unchecked) final var dataMap: UInt32
  @exclusivity(unchecked) final var nodeMap: UInt32
  /// The number of inline entries (the only count a collision node has).
  @exclusivity(unchecked) final var entryCount: Int
  /// Keys, values and children, in that order; `nil` when the node is empty.
  @exclusivity(unchecked) final var storage: UnsafeMutableRawPointer?

  init(dataMap: UInt32, nodeMap: UInt32, entryCount: Int, storage: UnsafeMutableRawPointer?) {
    unsafe self.dataMap = dataMap
    unsafe self.nodeMap = nodeMap
    unsafe self.entryCount = entryCount
    unsafe self.storage = unsafe storage
  }

  final var childCount: Int { unsafe nodeMap.nonzeroBitCount }
}
