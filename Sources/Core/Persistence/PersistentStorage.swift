import Foundation

/// Where persisted state lives: the file system, or memory in tests.
///
/// ``PersistedState`` does everything through a storage, so the same code runs on disk and in
/// memory. ``FileSystemStorage`` is the real one; ``InMemoryStorage`` keeps everything in
/// memory, for tests that want to see what would have been saved without touching the disk.
/// Both are read from the ``DependencyValues/persistentStorage`` dependency by default: each
/// `TestStore` gets an in-memory storage of its own unless the test overrides it.
///
/// Every method takes the URL of the state file; a storage may hold many.
public protocol PersistentStorage: Sendable {
  /// Whether something is at `url`: `false` when nothing is, `true` for a regular file.
  ///
  /// - Throws: ``PersistenceError/isDirectory(_:)``, ``PersistenceError/notRegularFile(_:kind:)``
  ///   or ``PersistenceError/cannotRead(_:_:)``: anything else is refused, untouched.
  func exists(at url: URL) throws(PersistenceError) -> Bool

  /// The bytes at `url`, or `nil` when nothing is there.
  func read(at url: URL) throws(PersistenceError) -> Data?

  /// Replaces the bytes at `url` atomically: a reader sees the old bytes or the new ones.
  func write(_ data: Data, to url: URL) throws(PersistenceError)

  /// Moves the file at `url` aside under a name made from `stamp`, never replacing another
  /// file; returns the new path.
  func moveAside(_ url: URL, stamp: String) throws(PersistenceError) -> String

  /// Removes the oldest files ``moveAside(_:stamp:)`` made for `url` until `count` are left;
  /// returns the paths removed, oldest first. The file at `kept`, the one just moved aside, is
  /// never removed and counts as one of the `count`, whatever its name says of its age.
  func removeMovedAside(from url: URL, keeping count: Int, sparing kept: String) -> [String]

  /// Takes the single-writer lock of `url`, held until the returned value is released.
  ///
  /// - Throws: ``PersistenceError/inUse(_:pid:)`` when another holder has it.
  func lock(_ url: URL) throws(PersistenceError) -> any Sendable
}

/// The dependency key of ``DependencyValues/persistentStorage``.
enum PersistentStorageKey: DependencyKey {
  static var liveValue: any PersistentStorage { FileSystemStorage() }
  static var testValue: any PersistentStorage { InMemoryStorage() }
}

extension DependencyValues {
  /// Where ``PersistedState/open(_:at:readOnly:coalescing:keepingMovedAside:now:storage:)`` keeps state by default:
  /// the file system for a ``Store``, an ``InMemoryStorage`` of its own for each `TestStore`.
  public var persistentStorage: any PersistentStorage {
    get { self[PersistentStorageKey.self] }
    set { self[PersistentStorageKey.self] = newValue }
  }
}
