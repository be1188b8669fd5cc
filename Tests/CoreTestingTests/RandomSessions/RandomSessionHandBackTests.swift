import Core
import CoreTesting
import Foundation
import TestSupport
import Testing

@MainActor
struct RandomSessionHandBackTests {
  private func shrunkFailure() async -> RandomSessionFailure<SavingCounter.Action>? {
    let sessions = RandomSessions(initialState: SavingCounter.State()) { SavingCounter() }
    sessions.invariant("the count is never negative") { $0.count >= 0 }
    sessions.testSource.dependencies = ["$0.uuid = .incrementing"]
    var failure: RandomSessionFailure<SavingCounter.Action>?
    _ = await capturingTestFailures {
      failure = await sessions.run(count: 200, length: 40, seed: 42, actions: SavingCounter.steps)
    }
    return failure
  }

  @Test func theRecordingReplaysWithATestStore() async throws {
    let url = try #require(await shrunkFailure()?.recording)
    defer { try? FileManager.default.removeItem(at: url) }
    let recording = try Recording<SavingCounter.State, SavingCounter.Action>(contentsOf: url)
    #expect(
      try recording.actions == [
        .incrementTapped, .lockTapped, .saveTapped, .saveFinished(1), .decrementTapped,
      ])
    let store = try TestStore(replaying: recording) { SavingCounter() }
    #expect(store.state.count == -1)
    #expect(store.state.saved == 1)
  }

  @Test func theInspectorPageBesideTheRecordingMarksTheBreakingAction() async throws {
    let failure = try #require(await shrunkFailure())
    let recording = try #require(failure.recording)
    let page = try #require(failure.inspectorPage)
    defer {
      try? FileManager.default.removeItem(at: recording)
      try? FileManager.default.removeItem(at: page)
    }
    #expect(page == recording.deletingPathExtension().appendingPathExtension("html"))
    // For the browser check (.ci/inspector-browser-check), which opens the pages it is given.
    if let folder = ProcessInfo.processInfo.environment["INSPECTOR_PAGES"] {
      try FileManager.default.copyItem(
        at: page, to: URL(fileURLWithPath: folder).appendingPathComponent("random-session.html"))
    }
    #expect(failure.message.contains("the breaking action marked: \(page.path)"))
    let html = try String(contentsOf: page, encoding: .utf8)
    let start = try #require(html.range(of: #"<script type="application/json" id="data">"#))
    let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
    let data = try #require(
      try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8))
        as? [String: Any])
    // The fifth action, the decrement, breaks the invariant; the replay matches the recording.
    let mark = try #require(data["mark"] as? [String: Any])
    #expect(mark["step"] as? Int == 5)
    #expect(
      (mark["note"] as? String)?.hasPrefix(
        "The random session broke the invariant 'the count is never negative' here") == true)
    #expect(data["difference"] == nil || data["difference"] is NSNull)
  }

  @Test func theSourceIsATestToPaste() async {
    let source = await shrunkFailure()?.testSource
    #expect(
      source == """
        @MainActor
        @Test func shrunkRandomSession() async {
          let clock = TestClock()
          let store = TestStore(initialState: SavingCounter.State()) {
            SavingCounter()
          } withDependencies: {
            $0.clock = clock
            $0.uuid = .incrementing
          }
          store.exhaustivity = .off
          await store.send(.incrementTapped)
          await store.send(.lockTapped)
          await store.send(.saveTapped)
          await clock.advance(by: .seconds(1))
          await store.receive(.saveFinished(1))
          await store.send(.decrementTapped)
          // Breaks the invariant 'the count is never negative' here.
        }
        """)
  }

  /// The source above, pasted: it reaches the state that breaks the rule.
  @Test func thePastedSourceReproducesTheBug() async {
    let clock = TestClock()
    let store = TestStore(initialState: SavingCounter.State()) {
      SavingCounter()
    } withDependencies: {
      $0.clock = clock
      $0.uuid = .incrementing
    }
    store.exhaustivity = .off
    await store.send(.incrementTapped)
    await store.send(.lockTapped)
    await store.send(.saveTapped)
    await clock.advance(by: .seconds(1))
    await store.receive(.saveFinished(1))
    await store.send(.decrementTapped)
    #expect(store.state.count == -1)
  }
}
