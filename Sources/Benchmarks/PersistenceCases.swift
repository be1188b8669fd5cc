import Core
import Foundation

/// A root send with the state persisted (`Store.persist`) against the same send without: what
/// persistence adds to the `send` path. The writes themselves happen on a background queue,
/// coalesced, so they are not in these figures (on a two-core machine they do compete for the
/// CPU with the sends).
@MainActor
enum PersistenceCases {
  static func run(_ run: BenchmarkRun) {
    guard run.wants("persisted.send") else { return }
    let root = Store(initialState: Notes.State()) { Notes() }
    let subscription = root.observe { blackHole($0) }
    defer { subscription.cancel() }
    run.time("persisted.send", variant: "off") { root.send(.edited) }

    let url = URL(fileURLWithPath: "/benchmark/notes.json")
    withPersisted(url: url, storage: InMemoryStorage()) { persisted in
      run.time("persisted.send", variant: "on, in memory") { persisted.send(.edited) }
      // The target's figure: the two stores timed in alternating samples, so that both see
      // the machine in the same state.
      run.compare(
        "persisted part: root.send, on / off", { persisted.send(.edited) },
        to: { root.send(.edited) })
    }

    // The same part kept with `Store(initialState:persisting:at:format:)`, which compares it
    // after each action its root reduces instead of observing the store.
    withPersistingStore(
      url: URL(fileURLWithPath: "/benchmark/notes-one-line.json"), storage: InMemoryStorage()
    ) { persisting in
      run.time("persisted.send", variant: "one line, in memory") { persisting.send(.edited) }
      run.compare(
        "persisted part in one line: root.send, on / off", { persisting.send(.edited) },
        to: { root.send(.edited) })
    }

    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("Benchmarks-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    withPersisted(url: directory.appendingPathComponent("notes.json"), storage: FileSystemStorage())
    { persisted in
      run.time("persisted.send", variant: "on, file") { persisted.send(.edited) }
    }
  }

  /// Runs `body` with an observed root store saving its whole state to the file at `url`;
  /// flushes the writes afterwards.
  private static func withPersisted(
    url: URL, storage: any PersistentStorage,
    _ body: (Store<Notes.State, Notes.Action>) -> Void
  ) {
    do {
      let persisted = try PersistedState.open(Notes.format, at: url, storage: storage)
      let root = Store(initialState: Notes.State()) { Notes() }
      let subscription = root.observe { blackHole($0) }
      let saving = root.persist(\.self, to: persisted)
      body(root)
      saving.cancel()
      subscription.cancel()
      if let error = persisted.flush() { Platform.log("error: \(error)") }
    } catch {
      Platform.log("error: \(error)")
    }
  }
}

extension PersistenceCases {
  /// Runs `body` with an observed root store made with
  /// `Store(initialState:persisting:at:format:)`, keeping its whole state in the file at `url`;
  /// flushes the writes afterwards.
  fileprivate static func withPersistingStore(
    url: URL, storage: any PersistentStorage,
    _ body: (Store<Notes.State, Notes.Action>) -> Void
  ) {
    do {
      let root = try Store(
        initialState: Notes.State(), persisting: \.self, at: url, format: Notes.format
      ) {
        Notes()
      } withDependencies: {
        $0.persistentStorage = storage
      }
      let subscription = root.observe { blackHole($0) }
      body(root)
      subscription.cancel()
      if let error = root.flushPersistedState() { Platform.log("error: \(error)") }
    } catch {
      Platform.log("error: \(error)")
    }
  }
}

/// A small document worth saving: a title, a few lines, and an edit counter.
struct Notes: Reducer {
  struct State: Codable, Equatable, Sendable {
    var title = "Groceries"
    var lines = ["tea", "milk", "bread", "eggs", "apples", "rice", "coffee", "butter"]
    var edits = 0
  }

  enum Action: Equatable, Sendable {
    case edited
  }

  static let format = PersistenceFormat<State>(name: "Notes", version: 1)

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.edits += 1
    return .none
  }
}
