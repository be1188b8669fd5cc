import Core
import Foundation
import Synchronization

/// Loads and saves the app state between runs.
///
/// The live value is a ``StateFile`` at the default location; the app replaces it with the
/// file chosen by `--state-file`. Tests use ``inMemory(_:)``, which touches no disk.
struct Persistence: Sendable {
  /// Where the state lives, for messages.
  var location: String
  /// Reads the saved state.
  var load: @Sendable () throws -> LoadResult
  /// Replaces the saved state with `state`.
  var save: @Sendable (AppState) throws -> Void
  /// Whether ``save`` keeps nothing: the state file is open read-only (`--read-only`).
  var isReadOnly = false

  /// What ``load`` found.
  enum LoadResult: Equatable, Sendable {
    /// Nothing saved yet.
    case empty
    /// The saved state.
    case restored(AppState)
    /// The saved state could not be read; the file was moved to `movedTo` and nothing was
    /// restored.
    case movedAside(movedTo: String, reason: String)
  }

  /// Persistence in a file at `url`.
  static func file(at url: URL) -> Self {
    let file = StateFile(url: url)
    return Self(location: url.path, load: { try file.load() }, save: { try file.save($0) })
  }

  /// Persistence that shows `state`, read from `location`, and saves nothing.
  static func readOnly(_ state: AppState?, location: String) -> Self {
    Self(
      location: location, load: { state.map(LoadResult.restored) ?? .empty }, save: { _ in },
      isReadOnly: true)
  }

  /// Persistence in memory, starting from `state`; `storage` exposes what was saved.
  static func inMemory(_ state: AppState? = nil, storage: InMemoryStorage = InMemoryStorage())
    -> Self
  {
    storage.state.withLock { $0 = state }
    return Self(
      location: "memory",
      load: { storage.state.withLock { $0 }.map(LoadResult.restored) ?? .empty },
      save: { state in
        storage.state.withLock { $0 = state }
        storage.saveCount.add(1, ordering: .relaxed)
      })
  }

  /// What ``inMemory(_:storage:)`` saved.
  final class InMemoryStorage: Sendable {
    let state = Mutex<AppState?>(nil)
    let saveCount = Atomic<Int>(0)
  }
}

/// The dependency key of ``Persistence``.
enum PersistenceKey: DependencyKey {
  static var liveValue: Persistence { .file(at: DataDirectory.defaultStateFile()) }
  static var testValue: Persistence { .inMemory() }
}

extension DependencyValues {
  /// Where the app state is loaded from and saved to.
  var persistence: Persistence {
    get { self[PersistenceKey.self] }
    set { self[PersistenceKey.self] = newValue }
  }
}
