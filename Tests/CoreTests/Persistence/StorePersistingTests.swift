import Core
import Foundation
import Testing

/// `Store(initialState:persisting:at:format:)`: one line that loads, saves and flushes a part.
@MainActor
@Suite struct StorePersistingTests {
  struct State: Equatable {
    var words: [String] = []
    var draft = ""
  }
  enum Action { case typed(String), added }
  struct Feature: Reducer {
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .typed(text): state.draft = text
      case .added: state.words.append(state.draft)
      }
      return .none
    }
  }

  let url = URL(fileURLWithPath: "/data/words.json")
  static let format = PersistenceFormat<[String]>(name: "Words", version: 2)
    .migration(from: 1) { (old: String) in old.split(separator: " ").map(String.init) }

  func makeStore(_ storage: InMemoryStorage) throws -> Store<State, Action> {
    try Store(initialState: State(), persisting: \.words, at: url, format: Self.format) {
      Feature()
    } withDependencies: {
      $0.persistentStorage = storage
    }
  }

  @Test func theInitialValueIsSavedWhenNothingWasLoaded() throws {
    let storage = InMemoryStorage()
    let store = try makeStore(storage)
    #expect(store.flushPersistedState() == nil)
    #expect(try storage.value(at: url, as: Self.format) == [])
  }

  @Test func onlyChangesOfThePartAreSaved() throws {
    let storage = InMemoryStorage()
    let store = try makeStore(storage)
    store.flushPersistedState()
    let writes = storage.writeCount(at: url)
    store.send(.typed("tea"))
    store.flushPersistedState()
    #expect(storage.writeCount(at: url) == writes)
    store.send(.added)
    store.flushPersistedState()
    #expect(storage.writeCount(at: url) == writes + 1)
    #expect(try storage.value(at: url, as: Self.format) == ["tea"])
  }

  @Test func theStoreStartsFromTheLoadedValueMigrated() throws {
    let storage = InMemoryStorage()
    storage.setData(
      Data(#"{ "format": "Words", "version": 1, "state": "milk bread" }"#.utf8), at: url)
    let store = try makeStore(storage)
    #expect(store.state == State(words: ["milk", "bread"]))
  }

  @Test func theFileStaysLockedWhileTheStoreLives() throws {
    let storage = InMemoryStorage()
    var store: Store<State, Action>? = try makeStore(storage)
    #expect(throws: PersistenceError.self) { _ = try makeStore(storage) }
    store?.send(.typed("x"))
    store?.flushPersistedState()
    store = nil
    #expect(throws: Never.self) { _ = try makeStore(storage) }
  }

  @Test func releasingTheStoreWritesWhatIsPending() throws {
    let storage = InMemoryStorage()
    do {
      let store = try makeStore(storage)
      store.send(.typed("jam"))
      store.send(.added)
    }
    #expect(eventually { (try? storage.value(at: url, as: Self.format)) == ["jam"] })
  }

  @Test func aStoreWithoutPersistedPartsHasNothingToFlush() {
    let store = Store(initialState: State(), reducer: Feature())
    #expect(store.flushPersistedState() == nil)
  }
}
