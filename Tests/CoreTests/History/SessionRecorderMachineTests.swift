import Foundation
import Testing

@testable import Core

/// The recorder's queue as a state machine, transition by transition: what each returns for
/// the sender or the writer to do, and the invariants written beside it (a drain is always
/// coming for what is queued; the queue is bounded; nothing follows the end line).
@Suite struct SessionRecorderMachineTests {
  typealias Machine = SessionRecorderMachine<Int, String>

  func machine(capacity: Int = 100, checkpointInterval: Int = 100) -> Machine {
    Machine(
      lastState: 0, checkpointInterval: checkpointInterval, capacity: capacity,
      batchCapacity: 4)
  }

  func record(_ machine: inout Machine, _ action: String) -> Machine.AfterRecord {
    machine.record(action, state: 0, values: nil, stackIDs: (0, 0))
  }

  @Test func theFirstActionSetsTheTimerAndTheNextOnesDoNot() {
    var machine = machine()
    #expect(record(&machine, "a") == .setTimer)
    #expect(record(&machine, "b") == .nothing)
    #expect(machine.entries.count == 2)
  }

  @Test func aDrainTakesTheBatchAndEndsOnlyWhenItFindsTheQueueEmpty() {
    var machine = machine()
    _ = record(&machine, "a")
    var batch: [Machine.Entry] = []
    #expect(machine.takeBatch(swapping: &batch) == .write)
    #expect(batch.count == 1)
    #expect(machine.entries.isEmpty)
    // Queued during the drain: the drain running takes it, no timer.
    #expect(record(&machine, "b") == .nothing)
    batch.removeAll()
    #expect(machine.takeBatch(swapping: &batch) == .write)
    batch.removeAll()
    #expect(machine.takeBatch(swapping: &batch) == .done)
    // The drain has ended: the next action sets the timer again.
    #expect(record(&machine, "c") == .setTimer)
  }

  /// While actions keep coming, the timer's drain sets the timer again, and the sends set
  /// nothing; a drain that finds nothing at all lets the timer go, and the next action sets it.
  @Test func theTimersDrainKeepsTheTimerGoingWhileActionsKeepComing() {
    var machine = machine()
    #expect(record(&machine, "a") == .setTimer)
    var batch: [Machine.Entry] = []
    #expect(machine.takeBatch(swapping: &batch, tickAgain: false) == .write)
    batch.removeAll()
    // Found empty after writing: another drain is due, and a send sets no timer.
    #expect(machine.takeBatch(swapping: &batch, tickAgain: true) == .tickAgain)
    #expect(record(&machine, "b") == .nothing)
    #expect(machine.takeBatch(swapping: &batch, tickAgain: false) == .write)
    batch.removeAll()
    #expect(machine.takeBatch(swapping: &batch, tickAgain: true) == .tickAgain)
    // The next tick finds nothing at all: the timer goes, and the next send sets it.
    #expect(machine.takeBatch(swapping: &batch, tickAgain: false) == .done)
    #expect(record(&machine, "c") == .setTimer)
  }

  @Test func aFinishedRecordingStopsTheTimer() {
    var machine = machine()
    _ = record(&machine, "a")
    let finished = machine.finish()
    #expect(finished)
    var batch: [Machine.Entry] = []
    #expect(machine.takeBatch(swapping: &batch) == .write)
    batch.removeAll()
    #expect(machine.takeBatch(swapping: &batch, tickAgain: true) == .done)
  }

  @Test func aFullQueueMakesTheSenderWaitForTheWriter() {
    var machine = machine(capacity: 3)
    #expect(record(&machine, "a") == .setTimer)
    #expect(record(&machine, "b") == .nothing)
    #expect(record(&machine, "c") == .waitForWriter)
    var batch: [Machine.Entry] = []
    #expect(machine.takeBatch(swapping: &batch) == .write)
    #expect(batch.count == 3)
  }

  @Test func checkpointsAreQueuedEveryIntervalAndTheEndLineLast() {
    var machine = machine(checkpointInterval: 2)
    for action in ["a", "b", "c"] { _ = record(&machine, action) }
    let first = machine.finish()
    let second = machine.finish()
    #expect(first)
    #expect(!second)
    #expect(record(&machine, "d") == .nothing)
    let kinds = machine.entries.map { entry -> String in
      switch entry {
      case .action(let index, _, _, _): "action \(index)"
      case .checkpoint(let after, _, let isEnd): isEnd ? "end \(after)" : "checkpoint \(after)"
      }
    }
    #expect(kinds == ["action 1", "action 2", "checkpoint 2", "action 3", "end 3"])
  }

  @Test func afterAFailureBatchesAreDroppedAndTheFirstErrorKept() {
    var machine = machine()
    _ = record(&machine, "a")
    machine.failed(.writeFailed(path: "sink", reason: "first"))
    machine.failed(.writeFailed(path: "sink", reason: "second"))
    var batch: [Machine.Entry] = []
    #expect(machine.takeBatch(swapping: &batch) == .discard)
    #expect(machine.error == .writeFailed(path: "sink", reason: "first"))
  }
}
