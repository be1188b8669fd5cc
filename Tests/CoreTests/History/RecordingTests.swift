import Core
import Foundation
import Testing

@MainActor
@Suite struct RecordingTests {
  typealias JournalRecording = Recording<JournalFeature.State, JournalFeature.Action>

  /// Records a session of a live store with random UUIDs and the system date.
  func recordSession(
    to file: TemporaryFile, options: RecordingOptions = RecordingOptions(checkpointInterval: 3),
    wrapsGeneratorsOnce: Bool = false
  ) async throws -> JournalFeature.State {
    let recorder = try SessionRecorder<JournalFeature.State, JournalFeature.Action>(
      fileAt: file.url, initialState: JournalFeature.State(), options: options)
    let store =
      wrapsGeneratorsOnce
      ? Store(initialState: JournalFeature.State(), recordingTo: recorder) { JournalFeature() }
      : Store(initialState: JournalFeature.State()) { JournalFeature().recording(to: recorder) }
    store.send(.draftChanged("milk"))
    store.send(.addTapped)
    await store.send(.saveTapped).finish()
    store.send(.draftChanged("eggs"))
    store.send(.addTapped)
    await store.send(.saveTapped).finish()
    store.send(.draftChanged("half"))
    try recorder.finish()
    return store.state
  }

  @Test func recordsEveryActionTheRootReducesInOrderWithCheckpoints() async throws {
    let file = TemporaryFile()
    _ = try await recordSession(to: file)

    let kinds = file.lines.map { line in
      (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["kind"]
        as? String ?? "?"
    }
    // 9 actions (the two `.saved` fed back by effects included), a checkpoint every 3.
    #expect(
      kinds == [
        "header", "action", "action", "action", "checkpoint", "action", "action", "action",
        "checkpoint", "action", "action", "action", "checkpoint", "end",
      ])
    let recording = try JournalRecording(contentsOf: file.url)
    #expect(recording.isComplete)
    #expect(try recording.actions.count == 9)
    #expect(try recording.actions[3].isSaved)
    #expect(try recording.steps[1].uuids.count == 1)
    #expect(try recording.steps[1].dates.count == 1)
    // The effect's UUID was not the reducer's: it is not recorded with `.saveTapped`.
    #expect(try recording.steps[2].uuids.isEmpty)
  }

  @Test(arguments: [false, true])
  func replayGivesTheFinalStateExactly(wrapsGeneratorsOnce: Bool) async throws {
    let file = TemporaryFile()
    let final = try await recordSession(to: file, wrapsGeneratorsOnce: wrapsGeneratorsOnce)
    let recording = try JournalRecording(contentsOf: file.url)
    // The effect's UUID is not recorded with `.saveTapped`, however the generators are wrapped.
    #expect(try recording.steps[2].uuids.isEmpty)
    #expect(try recording.steps[1].uuids.count == 1)
    #expect(final.notes.count == 2)

    let replayed = try JournalRecording(contentsOf: file.url).replay { JournalFeature() }

    // Random UUIDs and system dates, reproduced to the bit.
    #expect(replayed == final)
  }

  @Test func replayWithFingerprintsOnlyNeedsAndChecksTheInitialState() async throws {
    let file = TemporaryFile()
    let final = try await recordSession(
      to: file,
      options: RecordingOptions(
        checkpointInterval: 2, checkpointsIncludeState: false, includesInitialState: false))
    let recording = try JournalRecording(contentsOf: file.url)

    #expect(throws: ReplayError.self) { try recording.replay { JournalFeature() } }
    #expect(try recording.replay(from: JournalFeature.State()) { JournalFeature() } == final)
    let error = #expect(throws: ReplayError.self) {
      try recording.replay(from: JournalFeature.State(draft: "x")) { JournalFeature() }
    }
    #expect(error?.reason == "the initial state differs from the recorded one")
  }

  @Test func aReducerThatDiffersStopsAtTheFirstCheckpointWithADiff() async throws {
    let file = TemporaryFile()
    _ = try await recordSession(to: file)
    let recording = try JournalRecording(contentsOf: file.url)

    let error = #expect(throws: ReplayError.self) {
      try recording.replay { ChangedJournalFeature() }
    }
    #expect(error?.actionIndex == 3)
    #expect(error?.line == 5)
    #expect(error?.action == "'CoreTests.JournalFeature.Action.saveTapped'")
    #expect(error?.diff == "- notes[0].text: \"milk\"\n+ notes[0].text: \"MILK\"")
    #expect(error?.description.hasPrefix("Replay stopped at line 5, action #3") == true)
  }

  @Test func theDiffPairsOpenScreensByPositionNotByTheIdsDecodingGaveThem() async throws {
    let file = TemporaryFile()
    let recorder = try SessionRecorder<ScreensFeature.State, ScreensFeature.Action>(
      fileAt: file.url, initialState: ScreensFeature.State(),
      options: RecordingOptions(checkpointInterval: 1))
    let store = Store(initialState: ScreensFeature.State(), recordingTo: recorder) {
      ScreensFeature()
    }
    store.send(.opened(1))
    store.send(.opened(2))
    store.send(.counted(2))
    try recorder.finish()
    let recording = try Recording<ScreensFeature.State, ScreensFeature.Action>(
      contentsOf: file.url)
    #expect(try recording.replay { ScreensFeature() } == store.state)

    let error = #expect(throws: ReplayError.self) {
      try recording.replay { ScreensFeature(step: 2) }
    }
    #expect(error?.actionIndex == 3)
    // The same two screens on both sides: only the count differs.
    #expect(error?.diff == "- count: 2\n+ count: 4")
  }

  @Test func aReducerAskingForValuesTheRecordingDoesNotHoldStopsAtThatAction() async throws {
    let file = TemporaryFile()
    _ = try await recordSession(to: file)
    let recording = try JournalRecording(contentsOf: file.url)

    let error = #expect(throws: ReplayError.self) {
      try recording.replay { GreedyJournalFeature() }
    }
    #expect(error?.actionIndex == 2)
    #expect(error?.reason.contains("more UUIDs than the 1 recorded") == true)
  }

  @Test func aRecordingCutShortIsRefusedAtItsLastLine() async throws {
    let file = TemporaryFile()
    _ = try await recordSession(to: file)
    let text = try String(contentsOf: file.url, encoding: .utf8)
    file.write(String(text.dropLast(20)))

    #expect(throws: RecordingError.truncated(path: file.url.path, line: 14)) {
      try JournalRecording(contentsOf: file.url)
    }
  }

  @Test func aBadLineBeforeACutLastLineIsTheOneReported() async throws {
    let file = TemporaryFile()
    _ = try await recordSession(to: file)
    var lines = file.lines
    lines[2] = "not json"
    let text = lines.joined(separator: "\n") + "\n"
    file.write(String(text.dropLast(20)))

    let error = #expect(throws: RecordingError.self) {
      try JournalRecording(contentsOf: file.url)
    }
    guard case .badLine(_, let line, _)? = error else {
      Issue.record("Expected line 3 to be named, got \(String(describing: error))")
      return
    }
    #expect(line == 3)
  }

  @Test func aCrashedSessionWithWholeLinesReplaysUpToItsLastAction() async throws {
    let file = TemporaryFile()
    _ = try await recordSession(to: file)
    file.write(file.lines.prefix(7).joined(separator: "\n") + "\n")

    let recording = try JournalRecording(contentsOf: file.url)
    #expect(!recording.isComplete)
    #expect(try recording.steps.count == 5)
    #expect(try recording.replay { JournalFeature() }.draft == "eggs")
  }

  @Test func anotherFormatVersionIsRefusedAtTheHeader() async throws {
    let file = TemporaryFile()
    _ = try await recordSession(to: file)
    var lines = file.lines
    lines[0] = lines[0].replacingOccurrences(of: "\"version\":1", with: "\"version\":7")
    file.write(lines.joined(separator: "\n") + "\n")

    let error = #expect(throws: RecordingError.self) { try JournalRecording(contentsOf: file.url) }
    #expect(
      error == .unsupportedVersion(path: file.url.path, line: 1, found: 7, supported: 1))
    #expect(error?.description.contains("this build reads version 1") == true)
  }

  @Test func anActionThatNoLongerDecodesIsRefusedNamingItsLine() async throws {
    let file = TemporaryFile()
    _ = try await recordSession(to: file)
    var lines = file.lines
    lines[2] = lines[2].replacingOccurrences(of: "addTapped", with: "addButtonTapped")
    file.write(lines.joined(separator: "\n") + "\n")

    let error = #expect(throws: RecordingError.self) { try JournalRecording(contentsOf: file.url) }
    guard case .badLine(_, let line, let reason) = error else {
      Issue.record("expected a bad line, got \(String(describing: error))")
      return
    }
    #expect(line == 3)
    #expect(reason.contains("'action'"))
  }

  @Test func aLineWithoutAFieldItsKindNeedsIsRefusedNamingTheKindAndTheField() async throws {
    let file = TemporaryFile()
    _ = try await recordSession(to: file)
    let lines = file.lines
    let cases: [(line: Int, pattern: String, reason: String)] = [
      (0, #""fingerprint":"[0-9a-f]+","#, "a line of kind 'header' has no 'fingerprint'"),
      (2, #""index":[0-9]+,"#, "a line of kind 'action' has no 'index'"),
      (lines.count - 1, #""after":[0-9]+,"#, "a line of kind 'end' has no 'after'"),
    ]
    for (number, pattern, reason) in cases {
      var changed = lines
      changed[number] = changed[number].replacingOccurrences(
        of: pattern, with: "", options: .regularExpression)
      #expect(changed[number] != lines[number])
      file.write(changed.joined(separator: "\n") + "\n")
      #expect(
        throws: RecordingError.badLine(path: file.url.path, line: number + 1, reason: reason + ".")
      ) { try JournalRecording(contentsOf: file.url) }
    }
  }

  @Test func anActionOutOfOrderIsRefusedNamingBothNumbers() async throws {
    let file = TemporaryFile()
    _ = try await recordSession(to: file)
    var lines = file.lines
    lines[2] = lines[2].replacingOccurrences(of: "\"index\":2", with: "\"index\":4")
    file.write(lines.joined(separator: "\n") + "\n")
    #expect(
      throws: RecordingError.badLine(
        path: file.url.path, line: 3, reason: "expected action #2, found #4.")
    ) { try JournalRecording(contentsOf: file.url) }
  }

  @Test func aLineThatIsNotJSONIsRefusedNamingIt() async throws {
    let file = TemporaryFile()
    _ = try await recordSession(to: file)
    var lines = file.lines
    lines[5] = "{\"kind\":"
    file.write(lines.joined(separator: "\n") + "\n")

    #expect(
      throws: RecordingError.badLine(path: file.url.path, line: 6, reason: "it is not valid JSON.")
    ) { try JournalRecording(contentsOf: file.url) }
  }

  @Test func emptyForeignAndMissingFilesGetClearErrors() throws {
    let file = TemporaryFile()
    file.write("")
    #expect(throws: RecordingError.empty(path: file.url.path)) {
      try JournalRecording(contentsOf: file.url)
    }
    file.write("name,quantity\nmilk,2\n")
    #expect(throws: RecordingError.notARecording(path: file.url.path)) {
      try JournalRecording(contentsOf: file.url)
    }
    let missing = file.url.appendingPathExtension("missing")
    #expect(throws: RecordingError.unreadable(path: missing.path, reason: "no file is there")) {
      try JournalRecording(contentsOf: missing)
    }
    let directory = file.url.deletingLastPathComponent()
    let error = #expect(throws: RecordingError.self) { try JournalRecording(contentsOf: directory) }
    guard case .unreadable = error else {
      Issue.record("expected unreadable, got \(String(describing: error))")
      return
    }
  }

  @Test func recordingRefusesADirectoryOrAForeignFileAndLeavesThemUntouched() throws {
    let file = TemporaryFile()
    let directory = file.url.deletingLastPathComponent()
    #expect(
      throws: RecordingError.notARegularFile(path: directory.path, kind: "a directory")
    ) {
      try SessionRecorder<JournalFeature.State, JournalFeature.Action>(
        fileAt: directory, initialState: JournalFeature.State())
    }
    file.write("my precious notes\n")
    #expect(throws: RecordingError.notARecording(path: file.url.path)) {
      try SessionRecorder<JournalFeature.State, JournalFeature.Action>(
        fileAt: file.url, initialState: JournalFeature.State())
    }
    #expect(file.lines == ["my precious notes"])
  }

  @Test func checkingAPathForARecordingChangesNothing() async throws {
    let file = TemporaryFile()
    let directory = file.url.deletingLastPathComponent()
    // No file yet, in a directory that exists: it can take one, and none is created.
    try FileRecordingSink.check(file.url)
    #expect(!FileManager.default.fileExists(atPath: file.url.path))
    let missing = directory.appendingPathComponent("missing/recording.jsonl")
    #expect(
      throws: RecordingError.unreadable(
        path: missing.path,
        reason: "the directory '\(missing.deletingLastPathComponent().path)' does not exist")
    ) {
      try FileRecordingSink.check(missing)
    }
    #expect(throws: RecordingError.notARegularFile(path: directory.path, kind: "a directory")) {
      try FileRecordingSink.check(directory)
    }
    file.write("my precious notes\n")
    #expect(throws: RecordingError.notARecording(path: file.url.path)) {
      try FileRecordingSink.check(file.url)
    }
    #expect(file.lines == ["my precious notes"])
    try FileManager.default.removeItem(at: file.url)
    _ = try await recordSession(to: file)
    let lines = file.lines
    try FileRecordingSink.check(file.url)
    #expect(file.lines == lines)
  }

  @Test func aRecordingReplacesAnEarlierOne() async throws {
    let file = TemporaryFile()
    _ = try await recordSession(to: file)
    let recorder = try SessionRecorder<JournalFeature.State, JournalFeature.Action>(
      fileAt: file.url, initialState: JournalFeature.State())
    try recorder.finish()
    #expect(file.lines.count == 2)
  }

  @Test func aRecordingIsReadableByItsOwnerAloneEvenReplacingAnOpenOne() async throws {
    func permissions(_ url: URL) throws -> Int? {
      try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
    }
    let file = TemporaryFile()
    _ = try await recordSession(to: file)
    #expect(try permissions(file.url) == 0o600)

    // An earlier recording anyone could read, still open in a reader, is replaced by a new
    // file: the reader never sees the new session.
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.url.path)
    let reader = try FileHandle(forReadingFrom: file.url)
    defer { try? reader.close() }
    let earlier = file.lines
    let recorder = try SessionRecorder<JournalFeature.State, JournalFeature.Action>(
      fileAt: file.url, initialState: JournalFeature.State())
    try recorder.finish()
    #expect(try permissions(file.url) == 0o600)
    #expect(file.lines.count == 2)
    let seen = String(decoding: try reader.readToEnd() ?? Data(), as: UTF8.self)
    #expect(seen.split(separator: "\n").map(String.init) == earlier)
  }
}

extension JournalFeature.Action {
  var isSaved: Bool {
    if case .saved = self { return true }
    return false
  }
}

/// A sink that keeps its lines and fails every write after the first `allowedWrites`.
final class FailingSink: RecordingSink {
  struct DiskFull: Error, CustomStringConvertible {
    var description: String { "the disk is full" }
  }

  let name = "failing"
  private let state = Locked((writes: 0, data: Data()))
  let allowedWrites: Int

  init(allowedWrites: Int) { self.allowedWrites = allowedWrites }

  var text: String { state.withLock { String(decoding: $0.data, as: UTF8.self) } }

  func write(_ bytes: Data) throws {
    try state.withLock {
      $0.writes += 1
      if $0.writes > allowedWrites { throw DiskFull() }
      $0.data.append(bytes)
    }
  }

  func close() throws {}
}

@MainActor
@Suite struct RecordingFailureTests {
  @Test func aWriteThatFailsIsReportedByFinishAndTheLinesBeforeStayWhole() async throws {
    let sink = FailingSink(allowedWrites: 1)
    let recorder = try SessionRecorder<JournalFeature.State, JournalFeature.Action>(
      sink: sink, initialState: JournalFeature.State())
    let store = Store(initialState: JournalFeature.State()) {
      JournalFeature().recording(to: recorder)
    }
    store.send(.draftChanged("milk"))

    #expect(
      throws: RecordingError.writeFailed(path: "failing", reason: "the disk is full")
    ) { try recorder.finish() }
    // The header is whole: the recording reads back, and ends before the failed write.
    let recording = try Recording<JournalFeature.State, JournalFeature.Action>(
      data: Data(sink.text.utf8), source: "failing")
    #expect(try recording.steps.isEmpty)
    #expect(!recording.isComplete)
  }
}

/// Readings, one of which (a `nan`) JSON cannot encode.
struct MeterFeature: Reducer {
  struct State: Codable, Equatable, Sendable { var readings: [Double] = [] }
  enum Action: Codable, Equatable, Sendable { case read(Double) }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if case .read(let value) = action { state.readings.append(value) }
    return .none
  }
}

/// A sink that keeps its lines and holds its second write (the first after the header) until
/// `release()`.
final class HeldSink: RecordingSink {
  let name = "held"
  private let state = Locked((writes: 0, data: Data(), isHolding: false))
  private let gate = DispatchSemaphore(value: 0)

  var text: String { state.withLock { String(decoding: $0.data, as: UTF8.self) } }
  var isHolding: Bool { state.withLock { $0.isHolding } }

  func write(_ bytes: Data) throws {
    let holds = state.withLock {
      $0.writes += 1
      $0.isHolding = $0.writes == 2
      return $0.isHolding
    }
    if holds { gate.wait() }
    state.withLock { $0.data.append(bytes) }
  }

  func release() { gate.signal() }
  func close() throws {}
}

@MainActor
@Suite struct RecordingEncodingFailureTests {
  @Test func anActionThatCannotBeEncodedKeepsTheLinesEncodedBeforeItInItsBatch() async throws {
    let sink = HeldSink()
    let recorder = try SessionRecorder<MeterFeature.State, MeterFeature.Action>(
      sink: sink, initialState: MeterFeature.State())
    let store = Store(initialState: MeterFeature.State()) { MeterFeature().recording(to: recorder) }
    store.send(.read(1))
    while !sink.isHolding { try await Task.sleep(for: .milliseconds(1)) }
    // Queued while the first write is held, so written in one batch.
    store.send(.read(2))
    store.send(.read(.nan))
    store.send(.read(3))
    sink.release()
    #expect(throws: RecordingError.self) { try recorder.finish() }
    let recording = try Recording<MeterFeature.State, MeterFeature.Action>(
      data: Data(sink.text.utf8), source: "held")
    #expect(try recording.actions == [.read(1), .read(2)])
  }
}

/// A feature with a stack of screens, whose elements a decoded state gives new ids.
struct ScreensFeature: Reducer {
  struct Screen: Codable, Equatable, Sendable {
    var number: Int
  }

  struct State: Codable, Equatable, Sendable {
    var path = StackState<Screen>()
    var count = 0
  }

  enum Action: Codable, Equatable, Sendable {
    case opened(Int)
    case counted(Int)
  }

  /// What a count adds per unit: 1, or another number for a reducer that differs.
  var step = 1

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .opened(let number):
      state.path.append(Screen(number: number))
    case .counted(let amount):
      state.count += amount * step
    }
    return .none
  }
}

/// A sink that keeps what it is given, in memory.
final class KeptSink: RecordingSink {
  let name = "kept"
  private let data = Locked(Data())

  var text: String { data.withLock { String(decoding: $0, as: UTF8.self) } }
  func write(_ bytes: Data) throws { data.withLock { $0.append(bytes) } }
  func close() throws {}
}

@MainActor
@Suite struct RecordingBatchTests {
  private static func kinds(_ text: String) -> [String] {
    text.split(separator: "\n").map { line in
      (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["kind"]
        as? String ?? "?"
    }
  }

  @Test func eachBatchIsWrittenSoonAfterItsFirstActionWithoutAFlush() async throws {
    let sink = KeptSink()
    let recorder = try SessionRecorder<MeterFeature.State, MeterFeature.Action>(
      sink: sink, initialState: MeterFeature.State())
    let store = Store(initialState: MeterFeature.State(), recordingTo: recorder) {
      MeterFeature()
    }
    // Two batches, each written by the writer on its own a moment after it began.
    for batch in 1...2 {
      store.send(.read(Double(batch)))
      store.send(.read(Double(batch) + 0.5))
      let deadline = ContinuousClock.now + .seconds(10)
      while Self.kinds(sink.text).count < 1 + 2 * batch, ContinuousClock.now < deadline {
        try await Task.sleep(for: .milliseconds(1))
      }
      #expect(Self.kinds(sink.text) == ["header"] + Array(repeating: "action", count: 2 * batch))
    }
    try recorder.finish()
    #expect(Self.kinds(sink.text).last == "end")
  }

  /// A store recording to `sink` through a recorder only the store holds.
  private static func storeRecording(
    to sink: any RecordingSink
  ) throws -> Store<MeterFeature.State, MeterFeature.Action> {
    let recorder = try SessionRecorder<MeterFeature.State, MeterFeature.Action>(
      sink: sink, initialState: MeterFeature.State())
    return Store(initialState: MeterFeature.State(), recordingTo: recorder) { MeterFeature() }
  }

  /// The kinds of the lines `text` gives, once the last is the end line (or after 10 s).
  private static func kindsOnceEnded(_ text: () -> String) async throws -> [String] {
    let deadline = ContinuousClock.now + .seconds(10)
    while kinds(text()).last != "end", ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(1))
    }
    return kinds(text())
  }

  @Test func aRecorderReleasedWithLinesQueuedWritesThemAndTheEndLine() async throws {
    let sink = KeptSink()
    do {
      let store = try Self.storeRecording(to: sink)
      store.send(.read(1))
      store.send(.read(2))
    }
    // Released within the batch's 2 ms, usually before the writer wrote it: the release writes
    // it then, on this thread. On a loaded machine the writer may be writing it at that moment,
    // holding the recorder until it is done: the release then happens there, a moment later.
    // Either way nothing is lost, and only the release writes the end line.
    #expect(try await Self.kindsOnceEnded { sink.text } == ["header", "action", "action", "end"])
    let recording = try Recording<MeterFeature.State, MeterFeature.Action>(
      data: Data(sink.text.utf8), source: "kept")
    #expect(try recording.actions == [.read(1), .read(2)])
    #expect(recording.isComplete)
  }

  @Test func aRecorderReleasedWhileItsWriterWritesEndsWhenThatWriteIsDone() async throws {
    let sink = HeldSink()
    do {
      let store = try Self.storeRecording(to: sink)
      store.send(.read(1))
      while !sink.isHolding { try await Task.sleep(for: .milliseconds(1)) }
      store.send(.read(2))
    }
    // The writer holds the recorder through its write: the release happens when it is done.
    #expect(Self.kinds(sink.text) == ["header"])
    sink.release()
    #expect(try await Self.kindsOnceEnded { sink.text } == ["header", "action", "action", "end"])
  }
}
