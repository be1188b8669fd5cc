/// The storage of an ``OrderedIDs``: its order tree and its labels, behind one reference.
///
/// One reference keeps ``IdentifiedArray`` three words long, as small as its elements' trie
/// plus one pointer: larger values are copied and destroyed through their generic type's
/// metadata in unspecialized code, which a store does several times per action. The storage
/// is copied on write (sharing the tree's and trie's nodes), once per mutation of a shared
/// value.
///
/// Typed as itself, not as a non-generic base class: checking its uniqueness and reading its
/// fields costs the same either way (measured), and there is no cast to make.
@usableFromInline
final class OrderedIDsStorage<ID: Hashable> {
  var order: OrderTree<ID>
  var labels: HashTrie<ID, UInt64>

  init(order: OrderTree<ID>, labels: HashTrie<ID, UInt64>) {
    self.order = order
    self.labels = labels
  }
}

// Safe: storage is mutated only while uniquely referenced (`OrderedIDs` copies it first), so
// storage reachable from two values, and so from two threads, is never written.
extension OrderedIDsStorage: @unchecked Sendable where ID: Sendable {}
