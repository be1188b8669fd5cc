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
/// ...
/// try recorder.finish()
/// ```
///
/// The file holds a header line (format version, the initial state and its fingerprint), one
/// line per action in the order the root reduced them (sent by the user or fed back by an
/// effect), a checkpoint line every ``RecordingOptions/checkpointInterval`` actions (the
/// state's fingerprint and, by default, the state) and an end line written by ``finish()``.
///
/// Lines are encoded and written by a background queue, in batches, 2 ms after the first action
/// of a batch and every 2 ms while actions keep coming: `send` only appends the action to a
/// queue, a small constant cost per action.
/// Each batch is written with one `write`, so a crash loses at most the lines of the last
/// batch and never damages the earlier ones. Use ``Store/init(initialState:recordingTo:reducer:withDependencies:)``
/// to create the store: it wraps the generators once instead of for every action.
///
/// The queue is bounded: a program that sends faster than the writer encodes, until 16,384
/// lines wait, makes the `send` that fills the queue wait while the writer writes them. The
/// recording slows the program down then; it never drops a line, and its memory stays bounded.
///
/// > Important: A recording holds every action's payload: what the user typed included. Treat
/// > the file as you would the user's data. ``FileRecordingSink`` creates it readable by its
/// > owner alone (`0600`).
public final class SessionRecorder<State: Codable & Sendable, Action: Codable & Sendable>:
  Sendable
{
  @usableFromInline typealias Machine = SessionRecorderMachine<State, Action>
  @usableFromInline typealias Entry = Machine.Entry

  /// The entries a batch holds before its array grows: the writer hands back an empty array
  /// of this capacity with each batch it takes, so a `send` appends without allocating unless
  /// more actions than this come within one batch's 2 ms.
  static var batchCapacity: Int { 256 }

  /// How many lines may wait for the writer before a `send` waits for it to write them.
  static var queueCapacity: Int { 16_384 }

  /// The options the recorder was made with.
  public let options: RecordingOptions
  /// After how many actions a checkpoint is due.
  let sink: any RecordingSink
  @usableFromInline let pending: Locked<Machine>
  let queue = DispatchQueue(label: "SessionRecorder.writer", qos: .utility)
  /// Set on `queue`, so that code can tell it runs there.
  let queueKey = DispatchSpecificKey<Bool>()
  /// Calls `drain()` 2 ms after the first action of a batch, and every 2 ms after that while
  /// actions keep coming: setting a dispatch timer's deadline costs far more than a send, so
  /// the writer sets it again, off the send path, rather than the first send of each batch.
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
    queue.setSpecific(key: queueKey, value: true)
    timer = DeadlineTimer(queue: queue)
    self.pending = Locked(
      Machine(
        lastState: initialState, checkpointInterval: options.checkpointInterval,
        capacity: Self.queueCapacity, batchCapacity: Self.batchCapacity))
    do {
      let (stackIDs, stateData) = try RecordedStackIDs.collect(
        in: initialState, RecordingFormat.makeEncoder())
      // The ids of the screens the session starts on (a deep link, a restored path): the
      // state's encoding leaves them out, and the recorded actions address those screens by id.
      let header = RecordedLine<Action>.header(
        checkpointInterval: options.checkpointInterval, stateData: stateData,
        stackIDs: stackIDs, includesState: options.includesInitialState)
      var bytes = Data()
      try header.append(to: &bytes, encoder: RecordingFormat.makeEncoder())
      try sink.write(bytes)
    } catch {
      throw .writeFailed(path: sink.name, reason: "\(error)")
    }
    // Weakly: a recorder released with lines still queued writes them in `deinit`. `self?` is
    // a strong reference for the whole drain, so `deinit` never overlaps one.
    timer.setHandler { [weak self] in self?.drain(isTick: true) }
  }

  deinit {
    timer.cancel()
    // The timer's drain holds no reference: finish what is queued on this thread.
    guard pending.withLock({ $0.finish() }) else { return }
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
  /// Called from the recorder's own writer (a ``RecordingSink`` whose `write` flushes), it
  /// returns at once: the writer is in the middle of a batch, and writes the lines queued
  /// after it as soon as that `write` returns.
  ///
  /// - Throws: The error writing hit, if any.
  public func flush() throws(RecordingError) {
    if !isOnWriterQueue { queue.sync { drain() } }
    if let error { throw error }
  }

  /// Writes the lines still queued and the end line (the last state's fingerprint), and closes
  /// the sink. Actions reduced afterwards are not recorded. Calling it again does nothing.
  ///
  /// - Throws: The error writing hit, if any.
  ///
  /// Called from the recorder's own writer (a ``RecordingSink`` whose `write` finishes), it
  /// queues the end line and returns: the writer writes it, and closes the sink, once the
  /// `write` in progress returns.
  public func finish() throws(RecordingError) {
    if pending.withLock({ $0.finish() }) {
      if isOnWriterQueue {
        queue.async { [self] in
          drain()
          close()
        }
      } else {
        queue.sync { drain() }
        close()
      }
    }
    if let error { throw error }
  }

  /// Closes the sink, keeping the first error.
  private func close() {
    do {
      try sink.close()
    } catch {
      pending.withLock { $0.failed(.writeFailed(path: sink.name, reason: "\(error)")) }
    }
  }

  /// Whether this code runs on the writer's queue.
  var isOnWriterQueue: Bool {
    DispatchQueue.getSpecific(key: queueKey) == true
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
    let next = pending.withLock {
      $0.record(action, state: state, values: values, stackIDs: stackIDs)
    }
    switch next {
    case .nothing: break
    case .setTimer: scheduleDrain()
    case .waitForWriter: waitForWriter()
    }
  }

  /// The queue is full: the sender waits for the writer to write it, rather than the queue
  /// growing without bound or a line being dropped. Only a program that sends faster than the
  /// writer encodes, for long enough to queue ``queueCapacity`` lines, comes here.
  @usableFromInline
  func waitForWriter() {
    queue.sync { drain() }
  }

  /// Has the writer queue write the queued lines a little later, so that the lines of a burst
  /// of actions are written together and `send` rarely pays for waking the writer; a crash
  /// loses at most these few lines.
  @usableFromInline
  func scheduleDrain() {
    timer.fire(afterMilliseconds: 2)
  }
}
