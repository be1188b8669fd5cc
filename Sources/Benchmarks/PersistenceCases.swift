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
    run.time("persisted.send", variant: "off") { root.send(.edited) }
    subscription.cancel()

    let memory = InMemoryStorage()
    let url = URL(fileURLWithPath: "/benchmark/notes.json")
    measure(run, variant: "on, in memory", url: url, storage: memory)

    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("Benchmarks-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    measure(
      run, variant: "on, file", url: directory.appendingPathComponent("notes.json"),
      storage: FileSystemStorage())
  }

  private static func measure(
    _ run: BenchmarkRun, variant: String, url: URL, storage: any PersistentStorage
  ) {
    do {
      let persisted = try PersistedState.open(Notes.format, at: url, storage: storage)
      let root = Store(initialState: Notes.State()) { Notes() }
      let subscription = root.observe { blackHole($0) }
      let saving = root.persist(\.self, to: persisted)
      run.time("persisted.send", variant: variant) { root.send(.edited) }
      saving.cancel()
      subscription.cancel()
      if let error = persisted.flush() { Platform.log("error: \(error)") }
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
