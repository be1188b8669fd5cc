import Foundation

import Core

/// Where a ``Shell`` saves its state, and how its messages name the place.
struct SaveTarget {
  /// The state file, opened and locked (or read-only).
  let persisted: PersistedState<AppState>
  /// The state file's path, or "memory".
  let location: String

  /// Whether nothing is saved: the state file is open read-only (`--read-only`).
  var isReadOnly: Bool { persisted.isReadOnly }

  /// The state in a file opened by ``Launcher/open(_:readOnly:storage:)``.
  init(_ persisted: PersistedState<AppState>) {
    self.persisted = persisted
    location = persisted.url.path
  }

  /// The state in `storage`'s memory: nothing touches the disk.
  init(inMemory storage: InMemoryStorage) {
    // Each shell gets a path of its own in `storage`, so that two shells never contend for it.
    let url = URL(fileURLWithPath: "/memory/\(UUID().uuidString)/state.json")
    // An in-memory storage refuses nothing at a fresh path: there is nothing there to refuse.
    persisted = try! PersistedState.open(.appState, at: url, storage: storage)
    location = "memory"
  }
}
