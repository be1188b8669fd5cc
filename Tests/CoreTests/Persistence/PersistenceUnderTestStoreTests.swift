import CoreTesting
import Foundation
import Testing

@testable import Core

/// A feature whose effect opens and saves persisted state: under a `TestStore` it works on a
/// fresh in-memory storage, and nothing reaches the disk unless the test asks.
@MainActor
@Suite struct PersistenceUnderTestStoreTests {
  struct Loader: Reducer {
    struct State: Equatable {
      var theme: String?
    }

    enum Action: Equatable {
      case openTapped
      case opened(String?)
    }

    let url: URL

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .openTapped:
        // Reports what was saved before, then saves.
        return .run { [url] send in
          let persisted = try PersistedState.open(.preferences, at: url)
          persisted.save(Preferences(theme: "saved"))
          persisted.flush()
          await send(.opened(persisted.value?.theme))
        }
      case let .opened(theme):
        state.theme = theme
        return .none
      }
    }
  }

  @Test func anEffectOpeningStateUnderATestStoreNeverTouchesTheDisk() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("PersistenceTests-\(UUID().uuidString)", isDirectory: true)
    let url = directory.appendingPathComponent("state.json")
    let memory = InMemoryStorage()
    let store = TestStore(initialState: Loader.State()) {
      Loader(url: url)
    } withDependencies: {
      $0.persistentStorage = memory
    }
    await store.send(.openTapped)
    await store.receive(.opened(nil))
    #expect(try memory.value(at: url, as: .preferences)?.theme == "saved")
    #expect(!FileManager.default.fileExists(atPath: directory.path))
  }

  @Test func withoutAnOverrideEachTestStoreHasAnInMemoryStorageOfItsOwn() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("PersistenceTests-\(UUID().uuidString)", isDirectory: true)
    let store = TestStore(initialState: Loader.State()) {
      Loader(url: directory.appendingPathComponent("state.json"))
    }
    await store.send(.openTapped)
    await store.receive(.opened(nil))
    // What the first effect saved, the second finds: one storage for the whole test store.
    await store.send(.openTapped)
    await store.receive(.opened("saved")) { $0.theme = "saved" }
    #expect(!FileManager.default.fileExists(atPath: directory.path))

    // Another test store starts empty.
    let other = TestStore(initialState: Loader.State()) {
      Loader(url: directory.appendingPathComponent("state.json"))
    }
    await other.send(.openTapped)
    await other.receive(.opened(nil))
  }
}
