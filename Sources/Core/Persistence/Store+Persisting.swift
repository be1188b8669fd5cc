import Foundation

extension Store {
  /// Creates a store whose part at `part` is kept in a file: loaded from `url` when the store
  /// is made, and saved there after every change, with every guarantee of ``PersistedState``.
  ///
  /// One line where the store is made:
  ///
  /// ```swift
  /// let store = try Store(
  ///   initialState: NotesFeature.State(), persisting: \.notes, at: url, format: .notes
  /// ) {
  ///   NotesFeature()
  /// }
  /// ```
  ///
  /// It opens the file with ``PersistedState/open(_:at:readOnly:coalescing:keepingMovedAside:now:storage:)``
  /// (taking the lock, migrating an older version, moving aside a file that cannot be decoded),
  /// starts from `initialState` with the loaded value in place of `part`, and saves `part`
  /// after each action that changed it, off the `send` path and coalesced, atomically. When
  /// nothing was loaded, the initial value is saved at once. The file stays locked, and a write
  /// that failed stays pending, for as long as the store lives: ``flushPersistedState()``
  /// writes what is pending, and releasing the store writes it too.
  ///
  /// A file that could not be decoded is reported as a runtime issue naming where it was moved,
  /// and the store starts from `initialState`.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from, apart from `part` when a value was loaded.
  ///   - part: The part of the state to keep in the file.
  ///   - url: The file.
  ///   - format: The file's format, with its migrations.
  ///   - reducer: Builds the root reducer.
  ///   - prepareDependencies: Overrides dependencies for this store and its effects; the file
  ///     is read and written through their ``DependencyValues/persistentStorage``.
  /// - Throws: ``PersistenceError`` when the file cannot be used: another process holds it, or
  ///   the path is not a regular file.
  public convenience init<R: Reducer, Value: Codable & Sendable & Equatable>(
    initialState: @autoclosure () -> State,
    persisting part: WritableKeyPath<State, Value>,
    at url: URL,
    format: PersistenceFormat<Value>,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) throws(PersistenceError) where R.State == State, R.Action == Action {
    var dependencies = DependencyValues.current
    prepareDependencies?(&dependencies)
    let persisted = try PersistedState.open(
      format, at: url, storage: dependencies.persistentStorage)
    if case let .movedAside(movedTo, reason, _) = persisted.outcome {
      IssueReporting.report(
        """
        The state file '\(url.path)' could not be loaded: \(reason). It was moved to \
        '\(movedTo)', and the store starts without it.
        """)
    }
    dependencies[PersistedPartsKey.self].flushes.append { persisted.flush() }
    let saved = LastSaved(persisted.value)
    self.init(
      building: {
        var state = initialState()
        if let value = persisted.value { state[keyPath: part] = value }
        let base = reducer()
        return (
          state,
          PersistingReducer(base: base, part: part, persisted: persisted, saved: saved)
            .reduceFunction()
        )
      },
      isDuplicate: equality(of: State.self),
      withDependencies: { $0 = dependencies })
    let value = self.state[keyPath: part]
    if value != saved.value {
      saved.value = value
      persisted.save(value)
    }
  }

  /// Writes the changes not yet written of the parts this store persists (see
  /// ``init(initialState:persisting:at:format:reducer:withDependencies:)``), and waits for it.
  ///
  /// Call it before the process exits:
  ///
  /// ```swift
  /// if let error = store.flushPersistedState() {
  ///   print("The notes could not be saved: \(error)")
  /// }
  /// ```
  ///
  /// - Returns: Why a write failed, or `nil` when everything is written (or nothing is
  ///   persisted).
  @discardableResult
  public func flushPersistedState() -> PersistenceError? {
    guard let engine else { return nil }
    var failure: PersistenceError?
    for flush in engine.dependencies[PersistedPartsKey.self].flushes {
      if let error = flush() { failure = failure ?? error }
    }
    return failure
  }
}

/// Saves a part of the state after each action that changed it.
struct PersistingReducer<Base: Reducer, Value: Codable & Sendable & Equatable>: Reducer {
  let base: Base
  let part: KeyPath<Base.State, Value>
  let persisted: PersistedState<Value>
  let saved: LastSaved<Value>

  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let effect = base.reduce(into: &state, action: action)
    let value = state[keyPath: part]
    if value != saved.value {
      saved.value = value
      persisted.save(value)
    }
    return effect
  }
}

/// The value last handed to a ``PersistedState``: a part equal to it is not saved again.
///
/// Read and written only by the store's root reducer, on the main actor.
final class LastSaved<Value> {
  var value: Value?

  init(_ value: Value?) {
    self.value = value
  }
}

/// The flushes of the parts a store persists, kept in its dependencies so that they live as
/// long as the store.
struct PersistedParts: Sendable {
  var flushes: [@Sendable () -> PersistenceError?] = []
}

enum PersistedPartsKey: DependencyKey {
  static var liveValue: PersistedParts { PersistedParts() }
  static var testValue: PersistedParts { PersistedParts() }
}
