import Core
import Foundation
import TestSupport

/// Cases 13–15: undo memory per step, recording on `root.send`, replay beside decoding.
///
/// Undo memory (``runMemory(_:)``) is measured before any other case: it reads the growth of
/// resident memory, which memory freed by earlier cases would otherwise absorb.
@MainActor
enum HistoryCases {
  /// Undo memory per step with 1,000 and 100,000 orders. Returns the states with their
  /// histories, for the caller to keep until every other case ran: freed, their memory would
  /// be reused by the next cases that measure resident memory.
  static func runMemory(_ run: BenchmarkRun) -> [UndoOrders.State] {
    guard run.wants("history.undo") else { return [] }
    return [1_000, 100_000].map { undoMemory(run, orders: $0) }
  }

  static func run(_ run: BenchmarkRun) {
    if run.wants("history.record") { recording(run) }
    if run.wants("history.replay") { replay(run) }
  }

  /// `root.send` of the counter, without and with a recorder: the send path alone.
  ///
  /// As in an app, one recorder records the whole session and its writer encodes and writes
  /// on its own queue, 2 ms after the first action of a batch. The sends come in bursts short
  /// enough that the writer has not started, with a pause between bursts in which it writes
  /// the last one, so no burst shares the machine with it. Each burst of the recording store
  /// is timed beside one of the plain store, in alternating order, and the figure is the
  /// median ratio of the pairs. What the writer pays per action, on its own queue, is the
  /// third figure: fresh recorders' lines encoded and written by `finish()`.
  private static func recording(_ run: BenchmarkRun) {
    let burst = 200
    let samples = run.harness.fixedCount == nil ? (run.isQuick ? 5 : 301) : 1
    let clock = ContinuousClock()
    /// A counter store recording to a new recorder in memory.
    func recordingStore() -> (
      SessionRecorder<RecordedCounter.State, RecordedCounter.Action>,
      Store<RecordedCounter.State, RecordedCounter.Action>
    )? {
      guard
        let recorder = try? SessionRecorder<RecordedCounter.State, RecordedCounter.Action>(
          sink: MemorySink(), initialState: RecordedCounter.State())
      else { return nil }
      return (
        recorder,
        Store(initialState: RecordedCounter.State(), recordingTo: recorder) { RecordedCounter() }
      )
    }
    let off = Store(initialState: RecordedCounter.State()) { RecordedCounter() }
    guard let (recorder, on) = recordingStore() else { return }
    let subscriptions = [off.observe { blackHole($0) }, on.observe { blackHole($0) }]
    defer { for subscription in subscriptions { subscription.cancel() } }
    // Not inlined: instruction counts collect inside it (`--toggle-collect='*timeBurst*'`).
    @inline(never)
    func timeBurst(_ store: Store<RecordedCounter.State, RecordedCounter.Action>) -> Double {
      let count = run.harness.fixedCount ?? burst
      let start = clock.now
      for _ in 0..<count { store.send(.incremented) }
      return (clock.now - start).nanoseconds / Double(count)
    }
    // Counting instructions (`--iterations`), only the case the exact filter names runs.
    let label = run.exactLabel
    let timesOff = label?.hasSuffix("recording on)") != true
    let timesOn = label?.hasSuffix("recording off)") != true
    var offTimes: [Double] = []
    var onTimes: [Double] = []
    var ratios: [Double] = []
    for sample in 0..<samples {
      // The writer's 2 ms, and a little more: it writes the last burst now, not in the next.
      // Waited for busily: a thread that sleeps wakes to cold caches, on any core, and both
      // stores' sends would pay for that alike.
      if run.harness.fixedCount == nil {
        let deadline = clock.now + .milliseconds(3)
        while clock.now < deadline {}
      }
      var offTime = 0.0
      var onTime = 0.0
      if sample.isMultiple(of: 2) {
        if timesOff { offTime = timeBurst(off) }
        if timesOn { onTime = timeBurst(on) }
      } else {
        if timesOn { onTime = timeBurst(on) }
        if timesOff { offTime = timeBurst(off) }
      }
      offTimes.append(offTime)
      onTimes.append(onTime)
      ratios.append(onTime / max(offTime, .leastNonzeroMagnitude))
    }
    try? recorder.finish()
    var writerTimes: [Double] = []
    for _ in 0..<(run.harness.fixedCount == nil ? (run.isQuick ? 3 : 21) : 0) {
      guard let (fresh, store) = recordingStore() else { break }
      for _ in 0..<burst { store.send(.incremented) }
      let start = clock.now
      try? fresh.finish()
      writerTimes.append((clock.now - start).nanoseconds / Double(burst))
    }
    func median(_ values: [Double]) -> Double? {
      values.isEmpty ? nil : values.sorted()[values.count / 2]
    }
    let figures = [
      ("root.send, recording off", median(offTimes)), ("root.send, recording on", median(onTimes)),
      ("the writer's work, off the send path", median(writerTimes)),
    ]
    for (variant, value) in figures {
      guard let value else { continue }
      run.record(
        Measurement(
          name: "history.record", variant: variant, parameter: nil, value: value,
          unit: .nanosecondsPerAction))
    }
    // With one case chosen exactly, the other was not timed: there is no ratio.
    if run.harness.fixedCount == nil, label == nil, let ratio = median(ratios) {
      run.setRatio("recording: root.send, on / off", ratio)
    }
  }

  /// Reading and replaying a recording of 10,000 actions, per action: reading alone (decoding
  /// every line) and reading plus replaying.
  private static func replay(_ run: BenchmarkRun) {
    let count = 10_000
    let sink = MemorySink()
    guard
      let recorder = try? SessionRecorder<RecordedCounter.State, RecordedCounter.Action>(
        sink: sink, initialState: RecordedCounter.State())
    else { return }
    let store = Store(initialState: RecordedCounter.State()) {
      RecordedCounter().recording(to: recorder)
    }
    for index in 0..<count { store.send(index % 3 == 0 ? .noted : .incremented) }
    try? recorder.finish()
    let data = sink.data
    typealias CounterRecording = Recording<RecordedCounter.State, RecordedCounter.Action>
    let samples = run.isQuick ? 3 : 9
    run.record(
      Measurement(
        name: "history.replay", variant: "decoding alone", parameter: count,
        value: median(samples) {
          blackHole(try? CounterRecording(data: data, source: "memory"))
        } / Double(count), unit: .nanosecondsPerAction))
    run.record(
      Measurement(
        name: "history.replay", variant: "decoding and replaying", parameter: count,
        value: median(samples) {
          blackHole(
            try? CounterRecording(data: data, source: "memory").replay { RecordedCounter() })
        } / Double(count), unit: .nanosecondsPerAction))
  }

  /// Resident bytes per undo step, each step a quantity change of one order among `orders`.
  /// Returns the state with its history, for the caller to keep.
  private static func undoMemory(_ run: BenchmarkRun, orders: Int) -> UndoOrders.State {
    let steps = run.isQuick ? 2_000 : 20_000
    var state = UndoOrders.State(count: orders)
    // The body, built once (a reducer's `reduce` would rebuild it for every action).
    let reducer = UndoOrders(limit: 2 * steps).body
    var generator = SplitMix64(seed: 21)
    let edit = { (state: inout UndoOrders.State) in
      let id = Int(generator.next() % UInt64(orders))
      _ = reducer.reduce(into: &state, action: .quantityChanged(id))
    }
    // Settle the heap with a first batch of steps, kept: the second batch then grows the heap
    // instead of reusing memory freed before.
    for _ in 0..<steps { edit(&state) }
    let before = Platform.residentBytes
    for _ in 0..<steps { edit(&state) }
    let after = Platform.residentBytes
    guard let before, let after else { return state }
    run.record(
      Measurement(
        name: "history.undo", variant: "bytes per step", parameter: orders,
        value: Double(after - before) / Double(steps), unit: .bytesPerAction))
    return state
  }

  /// The median duration of `operation`, in nanoseconds, over `samples` runs.
  private static func median(_ samples: Int, _ operation: () -> Void) -> Double {
    let clock = ContinuousClock()
    var durations: [Double] = []
    for _ in 0..<samples {
      let start = clock.now
      operation()
      durations.append((clock.now - start).nanoseconds)
    }
    durations.sort()
    return durations[durations.count / 2]
  }
}

/// The counter, recordable.
struct RecordedCounter: Reducer {
  struct State: Codable, Equatable, Sendable {
    var count = 0
    var notes = 0
  }

  enum Action: Codable, Equatable, Sendable {
    case incremented
    case noted
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incremented: state.count += 1
    case .noted: state.notes += 1
    }
    return .none
  }
}

/// Orders whose quantities can be undone.
struct UndoOrders: Reducer {
  struct State: Equatable, Sendable {
    var orders: IdentifiedArray<OrderList.Order>
    var history = UndoHistory<IdentifiedArray<OrderList.Order>>()

    init(count: Int) {
      orders = OrderList.State(count: count).orders
    }
  }

  enum Action: Equatable, Sendable {
    case quantityChanged(Int)
    case history(UndoAction)
  }

  let limit: Int

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .quantityChanged(let id) = action { state.orders[id: id]?.quantity += 1 }
      return .none
    }
    .undoable(\.orders, history: \.history, action: Action.history, limit: limit)
  }
}

/// Keeps the lines of a recording in memory.
final class MemorySink: RecordingSink {
  let name = "memory"
  private let storage = Locked(Data())

  var data: Data { storage.withLock { $0 } }
  func write(_ bytes: Data) throws { storage.withLock { $0.append(bytes) } }
  func close() throws {}
}
