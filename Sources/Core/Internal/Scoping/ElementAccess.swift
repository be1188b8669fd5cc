/// How an ``ElementScopeGroup`` reads its element stores' values and finds the changed
/// elements, as two closures built by the inlinable `scope` operators, where the element type
/// is known.
///
/// So a stack's usual change, one screen near the top, is found and read in specialized code:
/// in the group's unspecialized code, each step looked up the run-time metadata of the stack's
/// generic types, on every action to the top screen of an observed stack.
@usableFromInline
struct ElementAccess<Storage: ElementStorage> {
  /// Takes the value of the element with `id` into `current` (see
  /// ``ElementStorage/read(id:into:with:)``).
  @usableFromInline
  let read:
    (_ storage: Storage, _ id: Storage.ID, _ current: inout Storage.ScopedValue) -> ScopeRead
  /// The objects the storage is made of (see ``ElementStorage/identity``).
  @usableFromInline
  let identity: (_ storage: Storage) -> StorageIdentity
  /// Calls `body` with the id of each element of `new` that may differ from `old` (see
  /// ``ElementStorage/forEachChangedID(since:_:)``).
  @usableFromInline
  let forEachChangedID: (_ new: Storage, _ old: Storage, _ body: (Storage.ID) -> Void) -> Void

  /// The access to `Storage`, compared with its value type's `==`.
  @inlinable
  init() {
    let replace = replacement(of: Storage.ScopedValue.self)
    read = { storage, id, current in storage.read(id: id, into: &current, with: replace) }
    identity = { $0.identity }
    forEachChangedID = { new, old, body in new.forEachChangedID(since: old, body) }
  }
}
