import Foundation

/// Persisted state kept in memory: for tests, and for previews that must not touch the disk.
///
/// It behaves like ``FileSystemStorage`` (a path holds bytes or nothing, files move aside, one
/// lock holder per file) and lets a test see what was saved:
///
/// ```swift
/// let storage = InMemoryStorage()
/// let settings = try PersistedState.open(.settings, at: url, storage: storage)
/// ...
/// settings.flush()
/// #expect(try storage.value(at: url, as: .settings) == expected)
/// ```
///
/// Paths name files as they do on disk: `dir/./x`, `dir//x`, `dir/a/../x` and `dir/x` are one
/// file to every method (its contents, its lock, its writes, the files moved aside from it),
/// and ``paths`` lists it as `dir/x`. Memory has no symbolic links, so `..` removes the
/// component before it.
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
    contents.withLock { $0.files[Self.key(url)] }
  }

  /// Puts `data` at `url`, as if a previous run had saved it; `nil` removes it.
  public func setData(_ data: Data?, at url: URL) {
    contents.withLock { $0.files[Self.key(url)] = data }
  }

  /// The value saved at `url`, decoded with `format` (migrating an older version); `nil` when
  /// nothing is saved there.
  public func value<Value>(at url: URL, as format: PersistenceFormat<Value>) throws -> Value? {
    guard let data = data(at: url) else { return nil }
    return try format.decode(data).get().value
  }

  /// How many saves reached `url`.
  public func writeCount(at url: URL) -> Int {
    contents.withLock { $0.writes[Self.key(url), default: 0] }
  }

  /// The paths that hold something, each in its plain spelling (`/dir/x`), sorted.
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
    let key = Self.key(url)
    contents.withLock {
      $0.files[key] = data
      $0.writes[key, default: 0] += 1
    }
  }

  public func moveAside(_ url: URL, stamp: String) throws(PersistenceError) -> String {
    let key = Self.key(url)
    return contents.withLock { contents in
      let destination = MovedAsideName.fresh(
        prefix: key + ".corrupt-", stamp: stamp, existing: Array(contents.files.keys))
      contents.files[destination] = contents.files.removeValue(forKey: key)
      return destination
    }
  }

  public func removeMovedAside(
    from url: URL, keeping count: Int, sparing kept: String
  ) -> [String] {
    let (key, kept) = (Self.key(url), Self.key(URL(fileURLWithPath: kept)))
    return contents.withLock { contents in
      let removed = MovedAsideName.removable(
        Array(contents.files.keys), prefix: key + ".corrupt-", keeping: count, sparing: kept)
      for path in removed { contents.files[path] = nil }
      return removed
    }
  }

  public func lock(_ url: URL) throws(PersistenceError) -> any Sendable {
    let key = Self.key(url)
    let taken = contents.withLock { $0.locked.insert(key).inserted }
    guard taken else { throw .inUse(url.path, pid: getpid()) }
    return Lock { [weak self] in
      _ = self?.contents.withLock { $0.locked.remove(key) }
    }
  }

  /// The one spelling of the file `url` names, under which everything about it is kept.
  private static func key(_ url: URL) -> String {
    url.standardizedFileURL.path
  }

  /// Releases an in-memory lock when released.
  private final class Lock: Sendable {
    let release: @Sendable () -> Void
    init(release: @escaping @Sendable () -> Void) { self.release = release }
    deinit { release() }
  }
}
