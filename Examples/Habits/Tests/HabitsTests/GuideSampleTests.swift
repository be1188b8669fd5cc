import Core
import Foundation
import Habits
import Testing

// The sample of the framework's Docs/PersistedState.md that needs this module: "In one line".

@MainActor
@Suite struct GuideSampleTests {
  /// Docs/PersistedState.md, "In one line": make the store, flush when quitting.
  @Test func inOneLine() throws {
    var reported: [PersistenceError] = []
    func report(_ error: PersistenceError) { reported.append(error) }
    let storage = InMemoryStorage()
    let habitsURL = URL(fileURLWithPath: "/app/habits.json")
    try withDependencies {
      $0.persistentStorage = storage
    } operation: {
      let store = try Store(
        initialState: HabitsFeature.State(), persisting: \.habits, at: habitsURL, format: .habits
      ) {
        HabitsFeature()
      }
      // ... when quitting:
      if let error = store.flushPersistedState() { report(error) }
    }
    #expect(reported.isEmpty)
    #expect(try storage.value(at: habitsURL, as: .habits) == [])
  }
}
