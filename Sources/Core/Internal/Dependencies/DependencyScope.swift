/// State that the copies of one ``DependencyValues`` share, created afresh when the values
/// are made or switched to the test context: the UUID counter of a test store and its
/// in-memory persistent storage.
///
/// A live store copies the values in force where it is created, so live stores made without
/// overrides share one scope; each test store has its own.
final class DependencyScope: Sendable {
  /// The test value of `\.uuid` for these values: one counter per test store.
  let uuid = UUIDGenerator.incrementing
  /// The test value of `\.persistentStorage` for these values: one storage per test store, so
  /// what one effect saves, the next one reads.
  let persistentStorage = InMemoryStorage()

  /// The value a test store uses for `Key` when the test did not override it, for the keys
  /// whose test value is per store; `nil` for the others.
  func testValue<Key: DependencyKey>(for key: Key.Type) -> Key.Value? {
    if key == UUIDGeneratorKey.self, let uuid = uuid as? Key.Value { return uuid }
    if key == PersistentStorageKey.self,
      let storage = (persistentStorage as any PersistentStorage) as? Key.Value
    {
      return storage
    }
    return nil
  }
}
