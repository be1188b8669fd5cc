import Core
import Foundation

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
  /// Timed in bursts of sends short enough that the recorder's writer, which starts 2 ms after
  /// the first action of a batch, has not started: each burst of the recording store is timed
  /// beside one of the plain store, and the recorder is then finished (its lines encoded and
  /// written) and a new one made, outside the timing. So the figures are what `send` pays;
  /// what the writer pays per action, on its own queue, is the third figure.
  private static func recording(_ run: BenchmarkRun) {
    let burst = 200
    let samples = run.harness.fixedCount == nil ? (run.isQuick ? 5 : 301) : 1
    let clock = ContinuousClock()
    let off = Store(initialState: RecordedCounter.State()) { RecordedCounter() }
    let offSubscription = off.observe { blackHole($0) }
    defer { offSubscription.cancel() }
    func timeBurst(_ store: Store<RecordedCounter.State, RecordedCounter.Action>) -> Double {
      let count = run.harness.fixedCount ?? burst
      let start = clock.now
      for _ in 0..<count { store.send(.incremented) }
      return (clock.now - start).nanoseconds / Double(count)
    }
    var offTimes: [Double] = []
    var onTimes: [Double] = []
    var ratios: [Double] = []
    var writerTimes: [Double] = []
    for _ in 0..<samples {
      guard
        let recorder = try? SessionRecorder<RecordedCounter.State, RecordedCounter.Action>(
          sink: MemorySink(), initialState: RecordedCounter.State())
      else { return }
      let on = Store(initialState: RecordedCounter.State(), recordingTo: recorder) {
        RecordedCounter()
      }
      let onSubscription = on.observe { blackHole($0) }
      // Counting instructions (`--iterations`), only the case the exact filter names runs.
      let label = run.exactLabel
      let offTime = label?.hasSuffix("recording on)") == true ? 0 : timeBurst(off)
      let onTime = label?.hasSuffix("recording off)") == true ? 0 : timeBurst(on)
      let start = clock.now
      try? recorder.finish()
      writerTimes.append((clock.now - start).nanoseconds / Double(burst))
      onSubscription.cancel()
      offTimes.append(offTime)
      onTimes.append(onTime)
      ratios.append(onTime / max(offTime, .leastNonzeroMagnitude))
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    run.record(
      Measurement(
        name: "history.record", variant: "root.send, recording off", parameter: nil,
        value: median(offTimes),
        unit: .nanosecondsPerAction))
    run.record(
      Measurement(
        name: "history.record", variant: "root.send, recording on", parameter: nil,
        value: median(onTimes),
        unit: .nanosecondsPerAction))
    run.record(
      Measurement(
        name: "history.record", variant: "the writer's work, off the send path", parameter: nil,
        value: median(writerTimes), unit: .nanosecondsPerAction))
    if run.harness.fixedCount == nil {
      run.setRatio("recording: root.send, on / off", median(ratios))
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
