import Foundation

/// Records every action a root reducer reduces, with the values the `uuid` and `date`
/// dependencies returned while reducing it, as JSON Lines that ``Recording`` reads back and
/// replays.
///
/// Create it with the store's initial state and put ``Reducer/recording(to:)`` on the root
/// reducer:
///
/// ```swift
/// let initial = AppFeature.State()
/// let recorder = try SessionRecorder<AppFeature.State, AppFeature.Action>(
///   fileAt: sessionURL, initialState: initial)
/// let store = Store(initialState: initial) {
///   AppFeature().recording(to: recorder)
/// }
/// // ... the session ...
/// try recorder.finish()
/// ```
///
/// The file holds a header line (format version, the initial state and its fingerprint), one
/// line per action in the order the root reduced them (sent by the user or fed back by an
/// effect), a checkpoint line every ``RecordingOptions/checkpointInterval`` actions (the
/// state's fingerprint and, by default, the state) and an end line written by ``finish()``.
///
/// Lines are encoded and written by a background queue, in batches, 2 ms after the first action
/// of a batch: `send` only appends the action to a queue, a small constant cost per action.
/// Each batch is written with one `write`, so a crash loses at most the lines of the last
/// batch and never damages the earlier ones. Use ``Store/init(initialState:recordingTo:reducer:withDependencies:)``
/// to create the store: it wraps the generators once instead of for every action.
///
/// > Important: A recording holds every action's payload: what the user typed included. Treat
/// > the file as you would the user's data. ``FileRecordingSink`` creates it readable by its
/// > owner alone (`0600`).
public final class SessionRecorder<State: Codable & Sendable, Action: Codable & Sendable>:
  Sendable
{
  @usableFromInline
  enum Entry: Sendable {
    case action(index: Int, Action, GeneratorCapture.Log?, stackID: Int?)
    case checkpoint(after: Int, State, isEnd: Bool)
  }

  @usableFromInline
  struct Pending: Sendable {
    @usableFromInline var entries: [Entry] = []
    @usableFromInline var isScheduled = false
    @usableFromInline var count = 0
    /// How many actions until the next checkpoint: counted down rather than `count` divided
    /// by the interval, since a division takes longer than the rest of the append.
    @usableFromInline var untilCheckpoint: Int
    @usableFromInline var lastState: State
    @usableFromInline var nextStackID: Int?
    @usableFromInline var isFinished = false
    var error: RecordingError?

    init(lastState: State, checkpointInterval: Int) {
      self.lastState = lastState
      untilCheckpoint = checkpointInterval
      entries.reserveCapacity(SessionRecorder.batchCapacity)
    }
  }

  /// The entries a batch holds before its array grows: the writer hands back an empty array
  /// of this capacity with each batch it takes, so a `send` appends without allocating unless
  /// more actions than this come within one batch's 2 ms.
  @usableFromInline static var batchCapacity: Int { 256 }

  /// The options the recorder was made with.
  public let options: RecordingOptions
  /// After how many actions a checkpoint is due.
  @usableFromInline let checkpointInterval: Int
  let sink: any RecordingSink
  @usableFromInline let pending: Locked<Pending>
  private let queue = DispatchQueue(label: "SessionRecorder.writer", qos: .utility)
  /// Calls `drain()` 2 ms after the first action of a batch.
  private let timer: DeadlineTimer

  /// Starts a recording in the file at `url`, writing its header at once.
  ///
  /// - Parameters:
  ///   - url: The file, created readable by its owner alone (`0600`); a recording already
  ///     there is replaced by a new file. A path that is not a regular file, or a file that is
  ///     not a recording, is refused and left untouched.
  ///   - initialState: The state of the store the recorded reducer runs in.
  ///   - options: What checkpoints hold and how often.
  /// - Throws: ``RecordingError`` when the file cannot be used.
  public convenience init(
    fileAt url: URL, initialState: State, options: RecordingOptions = RecordingOptions()
  ) throws(RecordingError) {
    try self.init(sink: FileRecordingSink(url: url), initialState: initialState, options: options)
  }

  /// Starts a recording written to `sink`, writing its header at once.
  ///
  /// - Throws: ``RecordingError/writeFailed(path:reason:)`` when the header cannot be encoded
  ///   or written.
  public init(
    sink: any RecordingSink, initialState: State, options: RecordingOptions = RecordingOptions()
  ) throws(RecordingError) {
    self.sink = sink
    self.options = options
    self.checkpointInterval = options.checkpointInterval
    timer = DeadlineTimer(queue: queue)
    self.pending = Locked(
      Pending(lastState: initialState, checkpointInterval: options.checkpointInterval))
    do {
      let (stackIDs, stateData) = try RecordedStackIDs.collect(
        in: initialState, RecordingFormat.makeEncoder())
      var fields = [
        "\"kind\":\"header\"", "\"format\":\"\(RecordingFormat.name)\"",
        "\"version\":\(RecordingFormat.version)",
        "\"checkpointInterval\":\(options.checkpointInterval)",
        "\"fingerprint\":\"\(RecordingFormat.fingerprint(of: stateData))\"",
      ]
      if options.includesInitialState {
        // The ids of the screens the session starts on (a deep link, a restored path): the
        // state's encoding leaves them out, and the recorded actions address those screens by
        // id.
        if !stackIDs.isEmpty {
          fields.append("\"stackIDs\":[" + stackIDs.map(String.init).joined(separator: ",") + "]")
        }
        fields.append("\"state\":" + String(decoding: stateData, as: UTF8.self))
      }
      try sink.write(Data(("{" + fields.joined(separator: ",") + "}\n").utf8))
    } catch {
      throw .writeFailed(path: sink.name, reason: "\(error)")
    }
    // Weakly: a recorder released with lines still queued writes them in `deinit`.
    timer.setHandler { [weak self] in self?.drain() }
  }

  deinit {
    timer.cancel()
    // The timer's drain holds no reference: finish what is queued on this thread.
    if pending.withLock({ $0.isFinished }) { return }
    markFinished()
    drain()
    try? sink.close()
  }

  /// The first error writing hit, if any; recording stopped there.
  public var error: RecordingError? {
    pending.withLock { $0.error }
  }

  /// How many actions were recorded.
  public var actionCount: Int {
    pending.withLock { $0.count }
  }

  /// Writes the lines still queued now, and waits until they are written.
  ///
  /// Lines are written in batches a moment after their actions; call this where the file must
  /// hold every action so far, such as before handing it to a bug report while the session
  /// goes on.
  ///
  /// - Throws: The error writing hit, if any.
  public func flush() throws(RecordingError) {
    queue.sync { drain() }
    if let error { throw error }
  }

  /// Writes the lines still queued and the end line (the last state's fingerprint), and closes
  /// the sink. Actions reduced afterwards are not recorded. Calling it again does nothing.
  ///
  /// - Throws: The error writing hit, if any.
  public func finish() throws(RecordingError) {
    if markFinished() {
      queue.sync { drain() }
      do {
        try sink.close()
      } catch {
        pending.withLock {
          if $0.error == nil { $0.error = .writeFailed(path: sink.name, reason: "\(error)") }
        }
      }
    }
    if let error { throw error }
  }

  /// Queues the end line; `false` if the recording was already finished.
  @discardableResult
  private func markFinished() -> Bool {
    pending.withLock { pending in
      if pending.isFinished { return false }
      pending.isFinished = true
      pending.entries.append(.checkpoint(after: pending.count, pending.lastState, isEnd: true))
      return true
    }
  }

  /// Reduces `action` with `reduce` and records it with the generator values it used and
  /// where the stack element id counter `stackIDs` stood.
  ///
  /// Inlinable, with what it touches, so that it runs specialized for the store's state and
  /// action where the store is made: generic code would look up the metadata of the queue's
  /// types on every action.
  @inlinable
  func reduce(
    _ state: inout State, _ action: Action,
    with reduce: (inout State, Action) -> Effect<Action>, stackIDs: StackElementIDGenerator
  ) -> Effect<Action> {
    let before = stackIDs.peek
    let capture = GeneratorCapture.begin()
    let effect = reduce(&state, action)
    let values = GeneratorCapture.end(capture)
    record(action, state: state, values: values, stackIDs: (before, stackIDs.peek))
    return effect
  }

  /// Queues the line of one reduced action (and a checkpoint when one is due), on the main
  /// actor: an append under a lock; encoding, fingerprints and writing happen on the writer
  /// queue.
  @inlinable
  func record(
    _ action: Action, state: State, values: GeneratorCapture.Log?, stackIDs: (Int, Int)
  ) {
    let interval = checkpointInterval
    let schedules = pending.withLock { pending -> Bool in
      if pending.isFinished { return false }
      pending.count += 1
      let stackID = pending.nextStackID == stackIDs.0 ? nil : stackIDs.0
      pending.nextStackID = stackIDs.1
      pending.entries.append(
        .action(index: pending.count, action, values, stackID: stackID))
      pending.lastState = state
      pending.untilCheckpoint -= 1
      if pending.untilCheckpoint == 0 {
        pending.untilCheckpoint = interval
        pending.entries.append(.checkpoint(after: pending.count, state, isEnd: false))
      }
      if pending.isScheduled { return false }
      pending.isScheduled = true
      return true
    }
    if schedules { scheduleDrain() }
  }

  /// Has the writer queue write the queued lines a little later, so that the lines of a burst
  /// of actions are written together and `send` rarely pays for waking the writer; a crash
  /// loses at most these few lines.
  @usableFromInline
  func scheduleDrain() {
    timer.fire(afterMilliseconds: 2)
  }

  /// Encodes and writes every queued entry, on the writer queue.
  private func drain() {
    let encoder = RecordingFormat.makeEncoder()
    // What the sends append to next: allocated here, on the writer's queue, and handed over
    // empty with each batch taken; after that the array of the batch written, emptied.
    var entries: [Entry] = []
    entries.reserveCapacity(Self.batchCapacity)
    while true {
      let failed = pending.withLock { pending in
        if pending.entries.isEmpty {
          pending.isScheduled = false
          return false
        }
        swap(&pending.entries, &entries)
        return pending.error != nil
      }
      if entries.isEmpty { return }
      defer {
        // A batch that grew far past the usual size gives its memory back.
        if entries.capacity > 4 * Self.batchCapacity {
          entries = []
          entries.reserveCapacity(Self.batchCapacity)
        } else {
          entries.removeAll(keepingCapacity: true)
        }
      }
      if failed { continue }
      do {
        // The lines encoded before one that cannot be are written: they are whole.
        var bytes = Data()
        var encodingFailure: (any Error)?
        for entry in entries {
          do {
            try append(entry, to: &bytes, encoder: encoder)
          } catch {
            encodingFailure = error
            break
          }
        }
        if !bytes.isEmpty { try sink.write(bytes) }
        if let encodingFailure { throw encodingFailure }
      } catch {
        let failure = error as? RecordingError ?? .writeFailed(path: sink.name, reason: "\(error)")
        pending.withLock { if $0.error == nil { $0.error = failure } }
      }
    }
  }

  private func append(_ entry: Entry, to bytes: inout Data, encoder: JSONEncoder) throws {
    switch entry {
    case .action(let index, let action, let values, let stackID):
      let uuids = values?.uuids ?? []
      let dates = values?.dates ?? []
      let line = RecordedActionLine(
        index: index, action: action, uuids: uuids.isEmpty ? nil : uuids,
        dates: dates.isEmpty ? nil : dates.map(\.timeIntervalSinceReferenceDate),
        stackID: stackID)
      do {
        bytes.append(try encoder.encode(line))
      } catch {
        throw RecordingError.writeFailed(
          path: sink.name, reason: "action #\(index) could not be encoded (\(error))")
      }
    case .checkpoint(let after, let state, let isEnd):
      let stateData = try encoder.encode(state)
      var fields = [
        "\"kind\":\"\(isEnd ? "end" : "checkpoint")\"", "\"after\":\(after)",
        "\"fingerprint\":\"\(RecordingFormat.fingerprint(of: stateData))\"",
      ]
      if options.checkpointsIncludeState {
        fields.append("\"state\":" + String(decoding: stateData, as: UTF8.self))
      }
      bytes.append(Data(("{" + fields.joined(separator: ",") + "}").utf8))
    }
    bytes.append(UInt8(ascii: "\n"))
  }
}
