/// The objects a collection's storage is made of (at most three: a stack's top and the two of
/// its base, an identified array's two), to tell in O(1), outside the storage's generic type,
/// whether a collection is still the storage seen before.
///
/// Equal identities mean the same objects, so the same elements: an ``ElementScopeGroup``
/// keeps the storage it saw last alive beside the identity it read, so no address it holds can
/// be reused meanwhile, and the objects of a persistent storage are never changed in place
/// while two values share them. Different identities say nothing: the elements may still be
/// equal, and the group then asks the storage which of them changed.
@usableFromInline
struct StorageIdentity: Equatable {
  @usableFromInline
  let first: ObjectIdentifier?
  @usableFromInline
  let second: ObjectIdentifier?
  @usableFromInline
  let third: ObjectIdentifier?

  /// The identity of `objects`, `nil` for an absent one (an empty part holds no object).
  @inlinable
  init(_ first: AnyObject?, _ second: AnyObject?, _ third: AnyObject? = nil) {
    self.first = first.map(ObjectIdentifier.init)
    self.second = second.map(ObjectIdentifier.init)
    self.third = third.map(ObjectIdentifier.init)
  }
}
