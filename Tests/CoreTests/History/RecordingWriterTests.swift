import Foundation
import Testing

@testable import Core

/// The recorder's writer under load and when its sink calls back into the recorder.
@MainActor
@Suite struct RecordingWriterTests {
  /// A sink that calls `onWrite` from inside each write, on the recorder's writer queue.
  final class CallingBackSink: RecordingSink {
    let name = "calling back"
    let kept = KeptSink()
    let onWrite = Locked<(@Sendable () -> Void)?>(nil)
    let delay: TimeInterval

    init(delay: TimeInterval = 0) { self.delay = delay }

    func write(_ bytes: Data) throws {
      if delay > 0 { Thread.sleep(forTimeInterval: delay) }
      try kept.write(bytes)
      onWrite.withLock { $0 }?()
    }

    func close() throws {}
  }

  @Test func flushFromTheWritersOwnSinkDoesNotWaitForItself() async throws {
    let sink = CallingBackSink()
    let recorder = try SessionRecorder<MeterFeature.State, MeterFeature.Action>(
      sink: sink, initialState: MeterFeature.State())
    // Weakly: the recorder holds the sink, which holds this closure.
    sink.onWrite.withLock { $0 = { [weak recorder] in try? recorder?.flush() } }
    let store = Store(initialState: MeterFeature.State(), recordingTo: recorder) {
      MeterFeature()
    }
    store.send(.read(1))
    store.send(.read(2))
    // A flush from another thread waits for the writer, whose sink flushes from its write: a
    // deadlock would hang here.
    try recorder.flush()
    try recorder.finish()
    let recording = try Recording<MeterFeature.State, MeterFeature.Action>(
      data: Data(sink.kept.text.utf8), source: "kept")
    #expect(try recording.actions == [.read(1), .read(2)])
    #expect(recording.isComplete)
  }

  /// A state that stays small however many actions come.
  struct Tally: Reducer {
    struct State: Codable, Equatable, Sendable { var total = 0 }
    enum Action: Codable, Equatable, Sendable { case added(Int) }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      if case .added(let amount) = action { state.total += amount }
      return .none
    }
  }

  @Test func aBurstLargerThanTheQueueIsRecordedWhole() async throws {
    // A slow sink: the sends fill the queue long before the writer has written a batch.
    let sink = CallingBackSink(delay: 0.02)
    let recorder = try SessionRecorder<Tally.State, Tally.Action>(
      sink: sink, initialState: Tally.State())
    let store = Store(initialState: Tally.State(), recordingTo: recorder) { Tally() }
    let count = SessionRecorder<Tally.State, Tally.Action>.queueCapacity * 2 + 7
    for index in 0..<count {
      store.send(.added(index))
      // The sends that find the queue full wait for the slow sink on the main actor: turning
      // it between batches lets the tests running beside this one go on meanwhile.
      if index % 512 == 0 { await Task.yield() }
    }
    try recorder.finish()
    let recording = try Recording<Tally.State, Tally.Action>(
      data: Data(sink.kept.text.utf8), source: "kept")
    #expect(recording.isComplete)
    #expect(try recording.actions == (0..<count).map { .added($0) })
  }
}
