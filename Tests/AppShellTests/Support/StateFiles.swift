import Core
import Foundation

@testable import AppShell

/// What a state file held, read the way the app reads it at start.
enum LoadedStateFile: Equatable {
  /// Nothing at the path.
  case empty
  /// The state, made ready to run (interrupted submissions failed, stray screens closed).
  case restored(AppState)
  /// The file could not be used and was moved to `movedTo`.
  case movedAside(movedTo: String, reason: String)
}

/// Opens the state file at `url` as the app does (locking it for the moment, moving a bad
/// file aside), and says what it held.
///
/// - Throws: ``StateFileError`` as the app reports it.
func loadStateFile(_ url: URL, now: @escaping @Sendable () -> Date = { Date() }) throws
  -> LoadedStateFile
{
  let persisted: PersistedState<AppState>
  do {
    persisted = try PersistedState.open(.appState, at: url, now: now, storage: FileSystemStorage())
  } catch {
    throw StateFileError(error)
  }
  switch persisted.outcome {
  case .empty:
    return .empty
  case .restored:
    var state = persisted.value ?? AppState()
    state.prepareAfterLoading()
    return .restored(state)
  case let .movedAside(movedTo, reason, _):
    return .movedAside(movedTo: movedTo, reason: reason)
  }
}

/// The bytes of a state file holding `state`.
func stateFileData(_ state: AppState) throws -> Data {
  try PersistenceFormat.appState.encode(state)
}

/// Writes a state file holding `state` at `url`, as the app saves it (atomically).
///
/// - Throws: ``StateFileError`` as the app reports it.
func saveStateFile(_ state: AppState, to url: URL) throws {
  let data = try stateFileData(state)
  do {
    try FileSystemStorage().write(data, to: url)
  } catch {
    throw StateFileError(error)
  }
}
