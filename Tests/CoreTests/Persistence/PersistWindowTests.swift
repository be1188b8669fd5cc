@testable import Core
import Foundation
import Testing

/// `Store.persist` hands a store's changes to its `PersistedState` once per coalescing window,
/// on the main actor: a send hands nothing over, the window's end does, and so do a flush on the
/// main actor and the end of the subscription.
@MainActor
@Suite struct PersistWindowTests {
  let url = URL(fileURLWithPath: "/preferences/state.json")

  /// Opens the state with an hour-long window (nothing is handed over on its own during the
  /// test), attaches a store, and writes its first state.
  func attached(
    _ storage: InMemoryStorage, coalescing: Duration = .seconds(3600)
  ) throws -> (
    PersistedState<Preferences>, Store<Preferences, PreferencesAction>, StoreSubscription
  ) {
    let persisted = try PersistedState.open(
      .preferences, at: url, coalescing: coalescing, storage: storage)
    let store = Store(initialState: Preferences()) { PreferencesReducer() }
    let saving = store.persist(\.self, to: persisted)
    #expect(persisted.flush() == nil)
    #expect(storage.writeCount(at: url) == 1)
    return (persisted, store, saving)
  }

  /// Flushes from a thread that is not the main actor's, and waits for it.
  nonisolated func flushElsewhere(_ persisted: PersistedState<Preferences>) async
    -> PersistenceError?
  {
    await Task.detached { persisted.flush() }.value
  }

  @Test func aSendHandsNothingOverUntilTheWindowEnds() async throws {
    let storage = InMemoryStorage()
    let (persisted, store, saving) = try attached(storage)
    store.send(.themeChosen("dark"))
    // Flushed off the main actor, the writer has nothing new: the send handed nothing over.
    #expect(await flushElsewhere(persisted) == nil)
    #expect(storage.writeCount(at: url) == 1)
    // On the main actor, the flush takes the change first.
    #expect(persisted.flush() == nil)
    #expect(storage.writeCount(at: url) == 2)
    #expect(try storage.value(at: url, as: .preferences)?.theme == "dark")
    withExtendedLifetime(saving) {}
  }

  @Test func theWindowsEndHandsTheNewestValueOverOnce() async throws {
    let storage = InMemoryStorage()
    let (persisted, store, saving) = try attached(storage, coalescing: .milliseconds(50))
    for index in 1...100 { store.send(.opened("\(index)")) }
    // The main actor is free now: the window ends, and the writer writes what it was given.
    for _ in 0..<500 where storage.writeCount(at: url) < 2 {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(storage.writeCount(at: url) == 2)
    #expect(try storage.value(at: url, as: .preferences)?.recent.count == 100)
    #expect(persisted.flush() == nil)
    #expect(storage.writeCount(at: url) == 2)
    withExtendedLifetime(saving) {}
  }

  @Test func aChangeUndoneWithinTheWindowWritesNothing() throws {
    let storage = InMemoryStorage()
    let (persisted, store, saving) = try attached(storage)
    store.send(.themeChosen("dark"))
    store.send(.themeChosen(Preferences().theme))
    #expect(persisted.flush() == nil)
    #expect(storage.writeCount(at: url) == 1)
    withExtendedLifetime(saving) {}
  }

  @Test func cancellingTheSubscriptionHandsTheLastChangesOver() async throws {
    let storage = InMemoryStorage()
    let (persisted, store, saving) = try attached(storage)
    store.send(.themeChosen("dark"))
    saving.cancel()
    // Handed over at the cancellation: a flush from anywhere writes it.
    #expect(await flushElsewhere(persisted) == nil)
    #expect(try storage.value(at: url, as: .preferences)?.theme == "dark")
    // Nothing after it.
    store.send(.themeChosen("light"))
    #expect(persisted.flush() == nil)
    #expect(try storage.value(at: url, as: .preferences)?.theme == "dark")
  }

  @Test func releasingTheSubscriptionAndTheStoreHandsTheLastChangesOver() async throws {
    let storage = InMemoryStorage()
    let persisted = try PersistedState.open(
      .preferences, at: url, coalescing: .seconds(3600), storage: storage)
    weak var released: Store<Preferences, PreferencesAction>?
    do {
      let store = Store(initialState: Preferences()) { PreferencesReducer() }
      released = store
      let saving = store.persist(\.self, to: persisted)
      store.send(.themeChosen("dark"))
      withExtendedLifetime(saving) {}
    }
    #expect(released == nil)
    #expect(await flushElsewhere(persisted) == nil)
    #expect(try storage.value(at: url, as: .preferences)?.theme == "dark")
  }

  @Test func twoStoresOnOneStateAreEachHandedOverByTheFlush() throws {
    let storage = InMemoryStorage()
    let (persisted, first, saving) = try attached(storage)
    let second = Store(initialState: Preferences()) { PreferencesReducer() }
    let alsoSaving = second.persist(\.self, to: persisted)
    first.send(.themeChosen("dark"))
    #expect(persisted.flush() == nil)
    #expect(try storage.value(at: url, as: .preferences)?.theme == "dark")
    second.send(.opened("notes"))
    #expect(persisted.flush() == nil)
    #expect(try storage.value(at: url, as: .preferences)?.recent == ["notes"])
    withExtendedLifetime((saving, alsoSaving)) {}
  }
}
