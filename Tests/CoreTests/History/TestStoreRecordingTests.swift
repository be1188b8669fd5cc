import Core
import CoreTesting
import Foundation
import Testing

@MainActor
@Suite struct TestStoreRecordingTests {
  @Test func aTestStoreStartsWhereTheRecordingEndsAndGoesOn() async throws {
    let file = TemporaryFile()
    let final = try await RecordingTests().recordSession(to: file)
    let recording = try Recording<JournalFeature.State, JournalFeature.Action>(
      contentsOf: file.url)

    let store = try TestStore(replaying: recording) { JournalFeature() }

    #expect(store.state == final)
    // From here on, test dependencies: UUID(0) and the fixed test date.
    await store.send(.addTapped) {
      $0.notes.append(
        JournalFeature.Note(id: UUID(0), text: "half", createdAt: DateGenerator.testNow))
      $0.draft = ""
    }
    await store.send(.saveTapped)
    await store.receive(.saved(token: UUID(1))) { $0.saves = 3 }
  }

  @Test func aReducerThatNoLongerReproducesTheRecordingThrows() async throws {
    let file = TemporaryFile()
    _ = try await RecordingTests().recordSession(to: file)
    let recording = try Recording<JournalFeature.State, JournalFeature.Action>(
      contentsOf: file.url)

    let error = #expect(throws: ReplayError.self) {
      _ = try TestStore(replaying: recording) { ChangedJournalFeature() }
    }
    #expect(error?.actionIndex == 3)
  }
}
