/// The storage of an ``OrderedIDs``: its order tree and its labels, behind one reference.
///
/// One reference keeps ``IdentifiedArray`` three words long, as small as its elements' trie
/// plus one pointer: larger values are copied and destroyed through their generic type's
/// metadata in unspecialized code, which a store does several times per action. The storage
/// is copied on write (sharing the tree's and trie's nodes), once per mutation of a shared
/// value.
///
/// Checked for uniqueness as the base class, for the reason ``TrieNodeBase`` gives.
@usableFromInline
class OrderedIDsStorageBase {}

final class OrderedIDsStorage<ID: Hashable>: OrderedIDsStorageBase {
  var order: OrderTree<ID>
  var labels: HashTrie<ID, UInt64>

  init(order: OrderTree<ID>, labels: HashTrie<ID, UInt64>) {
    self.order = order
    self.labels = labels
  }

  /// `base` as the storage it is. Free: no check, no metadata look-up.
  @inline(__always)
  static func storage(_ base: OrderedIDsStorageBase) -> OrderedIDsStorage {
    unsafeDowncast(base, to: OrderedIDsStorage.self)
  }
}

// Safe: storage is mutated only while uniquely referenced (`OrderedIDs` copies it first), so
// storage reachable from two values, and so from two threads, is never written.
extension OrderedIDsStorage: @unchecked Sendable where ID: Sendable {}
