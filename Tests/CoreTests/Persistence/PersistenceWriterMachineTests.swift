import Testing

@testable import Core

/// The persisted-state writer's state machine, transition by transition: what each returns for
/// the writer to do, and the invariants written beside it (the writer is kept alive exactly
/// while something is pending; a failed value waits for a submit or a flush).
@Suite struct PersistenceWriterMachineTests {
  final class Owner: Sendable {}
  typealias Machine = PersistenceWriterMachine<String>

  let owner = Owner()
  let diskFull = PersistenceError.cannotWrite("/state.json", "disk full")

  func isIdle(_ machine: Machine) -> Bool {
    if case .idle = machine.phase { return true }
    return false
  }

  @Test func theFirstSubmitSetsTheTimerAndKeepsTheWriterAlive() {
    var machine = Machine()
    let (next, replaced) = machine.submit("a", owner: owner)
    #expect(next == .setTimer)
    #expect(replaced == nil)
    #expect(machine.keepAlive === owner)
  }

  @Test func aSubmitWhileOneIsDueReplacesItWithoutAnotherTimer() {
    var machine = Machine()
    _ = machine.submit("a", owner: owner)
    let (next, replaced) = machine.submit("b", owner: owner)
    #expect(next == .nothing)
    #expect(replaced == "a")
    #expect(machine.startWrite(retryingFailure: false) == "b")
  }

  @Test func aSuccessfulWriteEndsIdleAndLetsTheWriterGo() {
    var machine = Machine()
    _ = machine.submit("a", owner: owner)
    #expect(machine.startWrite(retryingFailure: false) == "a")
    let after = machine.endWrite(of: "a", failure: nil)
    #expect(after.released === owner)
    #expect(after.lost == nil)
    #expect(machine.keepAlive == nil)
    #expect(isIdle(machine))
    #expect(machine.startWrite(retryingFailure: true) == nil)
  }

  @Test func aValueSubmittedDuringAWriteSetsTheTimerOnceAndIsDueAfterIt() {
    var machine = Machine()
    _ = machine.submit("a", owner: owner)
    _ = machine.startWrite(retryingFailure: false)
    #expect(machine.submit("b", owner: owner).next == .setTimer)
    #expect(machine.submit("c", owner: owner) == (.nothing, "b"))
    // The older value's write fails: out of date, it is not kept.
    let after = machine.endWrite(of: "a", failure: diskFull)
    #expect(after.released == nil)
    #expect(after.lost == nil)
    #expect(machine.lastError == diskFull)
    #expect(machine.keepAlive === owner)
    #expect(machine.startWrite(retryingFailure: false) == "c")
  }

  @Test func aFailedValueWaitsForAFlushNotTheTimer() {
    var machine = Machine()
    _ = machine.submit("a", owner: owner)
    _ = machine.startWrite(retryingFailure: false)
    let after = machine.endWrite(of: "a", failure: diskFull)
    #expect(after.released == nil)
    #expect(after.lost == nil)
    #expect(machine.keepAlive === owner)
    // A timer set before the failure comes due: nothing to write.
    #expect(machine.startWrite(retryingFailure: false) == nil)
    // A flush retries it.
    #expect(machine.startWrite(retryingFailure: true) == "a")
    _ = machine.endWrite(of: "a", failure: nil)
    #expect(machine.lastError == nil)
    #expect(isIdle(machine))
  }

  @Test func aSubmitAfterAFailureReplacesTheFailedValueAndSetsTheTimer() {
    var machine = Machine()
    _ = machine.submit("a", owner: owner)
    _ = machine.startWrite(retryingFailure: false)
    _ = machine.endWrite(of: "a", failure: diskFull)
    #expect(machine.submit("b", owner: owner) == (.setTimer, "a"))
    #expect(machine.startWrite(retryingFailure: false) == "b")
  }

  @Test func releasingAFailedValueGivesItUpAndReportsIt() {
    var machine = Machine()
    _ = machine.submit("a", owner: owner)
    _ = machine.startWrite(retryingFailure: false)
    _ = machine.endWrite(of: "a", failure: diskFull)
    let (released, lost) = machine.ownerReleased()
    #expect(released === owner)
    #expect(lost == diskFull)
    #expect(isIdle(machine))
    #expect(machine.keepAlive == nil)
  }

  @Test func releasingWhileAValueIsDueWritesItAndReportsItOnlyIfThatFails() {
    var machine = Machine()
    _ = machine.submit("a", owner: owner)
    let (released, lost) = machine.ownerReleased()
    #expect(released == nil)
    #expect(lost == nil)
    #expect(machine.keepAlive === owner)
    #expect(machine.startWrite(retryingFailure: false) == "a")
    let after = machine.endWrite(of: "a", failure: diskFull)
    #expect(after.released === owner)
    #expect(after.lost == diskFull)
    #expect(isIdle(machine))
  }
}
