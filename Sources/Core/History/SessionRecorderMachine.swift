/// What a ``SessionRecorder`` has queued for its writer, and what each side does next: a state
/// machine whose `mutating` transitions run under the recorder's lock and return the work the
/// caller does after it (set the timer, wait for the writer, write a batch, drop one).
///
/// Invariants, which the transitions keep:
/// - ``phase`` becomes ``Phase/idle`` only in ``takeBatch(swapping:tickAgain:)``, in a drain
///   that found the queue empty under the lock: an entry is never queued with no drain coming.
/// - The writer's timer is set whenever ``phase`` is ``Phase/due``; in ``Phase/draining`` the
///   drain running takes what is queued before it ends, so a record sets nothing.
/// - The timer is set by a record that moved ``phase`` from ``Phase/idle``, or by the timer's
///   own drain that found the queue empty after writing and moved it to ``Phase/due``
///   (``AfterTake/tickAgain``); a record that sees ``Phase/due`` sets nothing. Either side
///   only ever sets it for a drain soon, never cancels it, so whichever setting lands last, a
///   drain comes.
/// - The queue holds at most ``capacity`` entries when a record returns anything but
///   ``AfterRecord/waitForWriter``; after that the sender waits for the writer, so memory
///   stays bounded and no entry is dropped.
/// - After ``finish()`` the queue ends with the end line and nothing is appended again.
@usableFromInline
struct SessionRecorderMachine<State: Sendable, Action: Sendable> {
  /// One line to write, as queued: encoding happens on the writer's queue.
  @usableFromInline
  enum Entry: Sendable {
    case action(index: Int, Action, GeneratorCapture.Log?, stackID: Int?)
    case checkpoint(after: Int, State, isEnd: Bool)
  }

  @usableFromInline
  enum Phase: Sendable {
    /// Nothing queued, and no drain coming.
    case idle
    /// Entries queued; the timer will drain them.
    case due
    /// The writer is draining; it takes whatever is queued before it ends.
    case draining
  }

  /// What the sender does after ``record(_:state:values:stackIDs:)``.
  @usableFromInline
  enum AfterRecord: Sendable {
    /// A drain is coming, or the recording is finished.
    case nothing
    /// Set the timer: nothing was going to drain the queue.
    case setTimer
    /// The queue is full: wait until the writer has written it.
    case waitForWriter
  }

  /// What the writer does with the batch ``takeBatch(swapping:)`` handed it.
  enum AfterTake: Sendable {
    /// Encode and write it.
    case write
    /// Drop it: writing failed earlier, and recording stopped there.
    case discard
    /// Nothing was queued: the drain ends.
    case done
    /// Nothing is queued now, after a batch this drain wrote: set the timer for another drain
    /// a batch's time later. While actions keep coming, the timer is set by the writer, off the
    /// send path, rather than by the first send of each batch; a drain that finds nothing at
    /// all lets it go.
    case tickAgain
  }

  @usableFromInline var entries: [Entry] = []
  @usableFromInline var phase = Phase.idle
  /// How many entries may wait before a record makes the sender wait for the writer.
  @usableFromInline let capacity: Int
  @usableFromInline let checkpointInterval: Int
  @usableFromInline private(set) var count = 0
  /// How many actions until the next checkpoint: counted down rather than `count` divided by
  /// the interval, since a division takes longer than the rest of the append.
  @usableFromInline var untilCheckpoint: Int
  @usableFromInline var lastState: State
  /// The stack element id the next action is expected to start from: an action's line names
  /// its starting id only when something other than an action moved the counter.
  @usableFromInline var nextStackID: Int?
  @usableFromInline private(set) var isFinished = false
  /// The first error writing hit; recording stopped there.
  private(set) var error: RecordingError?

  init(lastState: State, checkpointInterval: Int, capacity: Int, batchCapacity: Int) {
    self.lastState = lastState
    self.checkpointInterval = checkpointInterval
    self.capacity = capacity
    untilCheckpoint = checkpointInterval
    entries.reserveCapacity(batchCapacity)
  }

  /// Queues the line of one reduced action, and a checkpoint when one is due.
  @inlinable
  mutating func record(
    _ action: Action, state: State, values: GeneratorCapture.Log?, stackIDs: (Int, Int)
  ) -> AfterRecord {
    if isFinished { return .nothing }
    count += 1
    let stackID = nextStackID == stackIDs.0 ? nil : stackIDs.0
    nextStackID = stackIDs.1
    entries.append(.action(index: count, action, values, stackID: stackID))
    lastState = state
    untilCheckpoint -= 1
    if untilCheckpoint == 0 {
      untilCheckpoint = checkpointInterval
      entries.append(.checkpoint(after: count, state, isEnd: false))
    }
    if entries.count >= capacity { return .waitForWriter }
    guard case .idle = phase else { return .nothing }
    phase = .due
    return .setTimer
  }

  /// Queues the end line; `false` if the recording was already finished.
  mutating func finish() -> Bool {
    if isFinished { return false }
    isFinished = true
    entries.append(.checkpoint(after: count, lastState, isEnd: true))
    return true
  }

  /// Hands the queued entries to the writer in `batch`, which must be empty, taking `batch`'s
  /// storage for the next entries. With `tickAgain`, a queue found empty keeps a drain coming
  /// (the timer's drain, after it wrote a batch).
  mutating func takeBatch(swapping batch: inout [Entry], tickAgain: Bool = false) -> AfterTake {
    if entries.isEmpty {
      if tickAgain, !isFinished {
        phase = .due
        return .tickAgain
      }
      phase = .idle
      return .done
    }
    swap(&entries, &batch)
    phase = .draining
    return error == nil ? .write : .discard
  }

  /// Writing failed: recording stops at the first failure.
  mutating func failed(_ failure: RecordingError) {
    if error == nil { error = failure }
  }
}
