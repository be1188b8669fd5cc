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
  @inlinable
  public convenience init<R: Reducer, Value: Codable & Sendable & Equatable>(
    initialState: @autoclosure () -> State,
    persisting part: WritableKeyPath<State, Value>,
    at url: URL,
    format: PersistenceFormat<Value>,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) throws(PersistenceError) where R.State == State, R.Action == Action {
    let (persisted, dependencies) = try Self.openPersisted(
      format, at: url, withDependencies: prepareDependencies)
    let saved = LastSaved(persisted.value)
    // Inlinable, like the other initializers, so that the comparison after each action runs
    // specialized for `Value`; a path of stored properties is read in place (see
    // `Store.persist`).
    let offset = MemoryLayout<State>.offset(of: part)
    self.init(
      building: {
        var state = initialState()
        if let value = persisted.value { state[keyPath: part] = value }
        let reduce = reducer().reduceFunction()
        return (
          state,
          { state, action in
            let effect = reduce(&state, action)
            let value =
              offset.map { withStoredProperty(at: $0, of: &state, as: Value.self) { $0 } }
              ?? state[keyPath: part]
            if value != saved.value {
              saved.value = value
              persisted.save(value)
            }
            return effect
          }
        )
      },
      isDuplicate: equality(of: State.self),
      // Only when the caller overrides some: a store with overrides binds them on every send.
      withDependencies: prepareDependencies.map { _ in { $0 = dependencies } })
    PersistedParts.register(persisted, for: self)
    let value = self.state[keyPath: part]
    if value != saved.value {
      saved.value = value
      persisted.save(value)
    }
  }

  /// Opens the file of a part for ``init(initialState:persisting:at:format:reducer:withDependencies:)``
  /// with the storage of the store's dependencies, and reports a file moved aside.
  @usableFromInline
  static func openPersisted<Value: Codable & Sendable>(
    _ format: PersistenceFormat<Value>, at url: URL,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)?
  ) throws(PersistenceError) -> (PersistedState<Value>, DependencyValues) {
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
    return (persisted, dependencies)
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
    PersistedParts.flush(for: self)
  }
}

/// The value last handed to a ``PersistedState``: a part equal to it is not saved again.
///
/// Read and written only by the store's root reducer, on the main actor.
@usableFromInline
final class LastSaved<Value> {
  @usableFromInline
  var value: Value?

  @usableFromInline
  init(_ value: Value?) {
    self.value = value
  }
}

/// The parts each store made with `init(initialState:persisting:...)` persists, so that
/// ``Store/flushPersistedState()`` finds them. A store's reducer holds its parts; this holds
/// them weakly, so they still end with their store.
@MainActor
@usableFromInline
enum PersistedParts {
  struct Part {
    let isAlive: () -> Bool
    let flush: () -> PersistenceError?
  }

  static var parts: [ObjectIdentifier: [Part]] = [:]

  @usableFromInline
  static func register<Value>(_ persisted: PersistedState<Value>, for store: AnyObject) {
    // Parts of released stores are dropped as new ones come, so that a store made later at
    // the same address starts with none.
    parts = parts.compactMapValues { list in
      let alive = list.filter { $0.isAlive() }
      return alive.isEmpty ? nil : alive
    }
    let part = Part(
      isAlive: { [weak persisted] in persisted != nil },
      flush: { [weak persisted] in persisted?.flush() })
    parts[ObjectIdentifier(store), default: []].append(part)
  }

  static func flush(for store: AnyObject) -> PersistenceError? {
    var failure: PersistenceError?
    for part in parts[ObjectIdentifier(store)] ?? [] {
      if let error = part.flush() { failure = failure ?? error }
    }
    return failure
  }
}
