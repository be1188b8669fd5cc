import Core
import Foundation
import TestSupport
import Testing

/// What the recording guide (Docs/RecordingReplayAndUndo.md) says about state an effect sets:
/// the action the effect feeds back is reduced, and recorded, after `send` returns, so a session
/// awaits `send(…).finish()` before reading that state or finishing the recorder.
@MainActor
@Suite struct RecordingEffectFeedbackTests {
  struct Loader: Reducer {
    struct State: Codable, Equatable, Sendable {
      var count: Int?
    }
    enum Action: Codable, Equatable, Sendable {
      case loadTapped
      case loaded(Int)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .loadTapped:
        return .run { send in await send(.loaded(5)) }
      case let .loaded(count):
        state.count = count
        return .none
      }
    }
  }

  @Test func stateAnEffectSetsIsThereOnceTheSendIsFinished() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let recorder = try SessionRecorder<Loader.State, Loader.Action>(
      fileAt: directory.file("session.jsonl"), initialState: Loader.State())
    let store = Store(initialState: Loader.State(), recordingTo: recorder) { Loader() }

    let task = store.send(.loadTapped)
    // The effect has not fed `.loaded` back yet: neither the state nor the recording has it.
    #expect(store.state.count == nil)
    #expect(recorder.actionCount == 1)
    await task.finish()
    #expect(store.state.count == 5)
    #expect(recorder.actionCount == 2)
    try recorder.finish()
  }
}
