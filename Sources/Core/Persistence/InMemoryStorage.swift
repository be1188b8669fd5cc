import Foundation

/// Persisted state kept in memory: for tests, and for previews that must not touch the disk.
///
/// It behaves like ``FileSystemStorage`` (a path holds bytes or nothing, files move aside, one
/// lock holder per path) and lets a test see what was saved:
///
/// ```swift
/// let storage = InMemoryStorage()
/// let settings = try PersistedState.open(.settings, at: url, storage: storage)
/// ...
/// settings.flush()
/// #expect(try storage.value(at: url, as: .settings) == expected)
/// ```
public final class InMemoryStorage: PersistentStorage {
  private struct Contents {
    var files: [String: Data] = [:]
    var locked: Set<String> = []
    var writes: [String: Int] = [:]
  }

  private let contents = Locked(Contents())

  /// An empty storage.
  public init() {}

  /// The bytes saved at `url`, or `nil`.
  public func data(at url: URL) -> Data? {
    contents.withLock { $0.files[url.path] }
  }

  /// Puts `data` at `url`, as if a previous run had saved it; `nil` removes it.
  public func setData(_ data: Data?, at url: URL) {
    contents.withLock { $0.files[url.path] = data }
  }

  /// The value saved at `url`, decoded with `format` (migrating an older version); `nil` when
  /// nothing is saved there.
  public func value<Value>(at url: URL, as format: PersistenceFormat<Value>) throws -> Value? {
    guard let data = data(at: url) else { return nil }
    return try format.decode(data).get().value
  }

  /// How many saves reached `url`.
  public func writeCount(at url: URL) -> Int {
    contents.withLock { $0.writes[url.path, default: 0] }
  }

  /// The paths that hold something, sorted.
  public var paths: [String] {
    contents.withLock { $0.files.keys.sorted() }
  }

  public func exists(at url: URL) throws(PersistenceError) -> Bool {
    data(at: url) != nil
  }

  public func read(at url: URL) throws(PersistenceError) -> Data? {
    data(at: url)
  }

  public func write(_ data: Data, to url: URL) throws(PersistenceError) {
    contents.withLock {
      $0.files[url.path] = data
      $0.writes[url.path, default: 0] += 1
    }
  }

  public func moveAside(_ url: URL, stamp: String) throws(PersistenceError) -> String {
    contents.withLock { contents in
      let destination = MovedAsideName.fresh(
        prefix: url.path + ".corrupt-", stamp: stamp, existing: Array(contents.files.keys))
      contents.files[destination] = contents.files.removeValue(forKey: url.path)
      return destination
    }
  }

  public func removeMovedAside(
    from url: URL, keeping count: Int, sparing kept: String
  ) -> [String] {
    contents.withLock { contents in
      let removed = MovedAsideName.removable(
        Array(contents.files.keys), prefix: url.path + ".corrupt-", keeping: count,
        sparing: kept)
      for path in removed { contents.files[path] = nil }
      return removed
    }
  }

  public func lock(_ url: URL) throws(PersistenceError) -> any Sendable {
    let taken = contents.withLock { $0.locked.insert(url.path).inserted }
    guard taken else { throw .inUse(url.path, pid: getpid()) }
    return Lock { [weak self] in
      _ = self?.contents.withLock { $0.locked.remove(url.path) }
    }
  }

  /// Releases an in-memory lock when released.
  private final class Lock: Sendable {
    let release: @Sendable () -> Void
    init(release: @escaping @Sendable () -> Void) { self.release = release }
    deinit { release() }
  }
}
