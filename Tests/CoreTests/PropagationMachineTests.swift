import Testing

@testable import Core

/// The transitions of the send/propagate machines, as values, apart from any store.
@MainActor
@Suite struct PropagationMachineTests {
  @Test func aScopedMachineIsFreshAtTheParentVersionItWasCreatedAt() {
    var machine = ScopeMachine(scopedAtParentVersion: 7, canVanish: false)
    #expect(machine.isFresh(atParentVersion: 7))
    #expect(!machine.isFresh(atParentVersion: 8))

    machine.derived(.unchanged, atParentVersion: 8)

    #expect(machine.isFresh(atParentVersion: 8))
    #expect(machine.version == 0)
  }

  @Test func aChangedReadIsAnnouncedOnce() {
    var machine = ScopeMachine(scopedAtParentVersion: 0, canVanish: false)
    #expect(!next(&machine, { $0.beginAnnouncing() }))

    machine.derived(.changed, atParentVersion: 1)

    #expect(machine.version == 1)
    #expect(next(&machine, { $0.beginAnnouncing() }))
    #expect(!next(&machine, { $0.beginAnnouncing() }))
  }

  @Test func aVanishedStateDropsSendsUntilItComesBack() {
    var machine = ScopeMachine(scopedAtParentVersion: 0, canVanish: true)
    #expect(machine.sendDecision == .forward)

    machine.derived(.vanished, atParentVersion: 1)
    #expect(machine.presence == .gone)
    #expect(machine.sendDecision == .dropGone)
    #expect(machine.version == 0)

    machine.derived(.unchanged, atParentVersion: 2)
    #expect(machine.sendDecision == .forward)
  }

  @Test func trackingIsArmedOnceAndConsumedOnce() {
    var machine = ScopeMachine(scopedAtParentVersion: 0, canVanish: false)
    #expect(!next(&machine, { $0.consumeTracking() }))
    #expect(next(&machine, { $0.track() }))
    #expect(!next(&machine, { $0.track() }))
    #expect(next(&machine, { $0.consumeTracking() }))
    #expect(!next(&machine, { $0.consumeTracking() }))
    #expect(next(&machine, { $0.track() }))
  }

  @Test func attachingHearsTheCurrentVersionAndDetachingNeedsNoDemand() {
    var machine = ScopeMachine(scopedAtParentVersion: 0, canVanish: false)
    machine.derived(.changed, atParentVersion: 1)
    #expect(next(&machine, { $0.attach() }))
    #expect(!next(&machine, { $0.attach() }))
    #expect(!next(&machine, { $0.beginAnnouncing() }))
    machine.slot = 3
    #expect(machine.membership == .attached(slot: 3))

    _ = machine.track()
    #expect(!machine.canDetach(hasObservers: false))
    _ = machine.consumeTracking()
    #expect(!machine.canDetach(hasObservers: true))
    #expect(machine.canDetach(hasObservers: false))

    machine.detach()
    #expect(machine.membership == .detached)
    machine.slot = 5
    #expect(machine.slot == -1)
  }

  @Test func theRootNeverAttaches() {
    var machine = ScopeMachine.root
    #expect(!next(&machine, { $0.attach() }))
    #expect(!machine.canDetach(hasObservers: false))
    machine.committedDistinctState()
    #expect(next(&machine, { $0.beginAnnouncing() }))
  }

  @Test func aStoresMachineStaysSmall() {
    #expect(MemoryLayout<ScopeMachine>.size <= 40)
  }

  @Test func theRootLoopQueuesWhileBusyAndRunsAgainForQueuedSends() {
    var machine = RootMachine()
    #expect(next(&machine, { $0.beginReducing() }))
    #expect(machine.phase == .reducing)
    #expect(!next(&machine, { $0.beginReducing() }))

    machine.beginCommitting()
    #expect(machine.phase == .committing)
    #expect(!next(&machine, { $0.beginReducing() }))
    machine.queued()
    #expect(next(&machine, { $0.endCommitting() }))
    #expect(machine.phase == .reducing)

    machine.reducedQueue()
    machine.beginCommitting()
    #expect(!next(&machine, { $0.endCommitting() }))
    #expect(machine.phase == .idle)
  }

  @Test func anEffectThatQueuesNothingLeavesTheRootIdle() {
    var machine = RootMachine()
    #expect(next(&machine, { $0.beginReducing() }))
    machine.endReducingUnchanged()
    #expect(machine.phase == .idle)
    #expect(next(&machine, { $0.beginReducing() }))
  }

  /// Runs a transition of `machine` and returns its result, for `#expect`, which cannot call a
  /// mutating method itself.
  private func next<Machine>(_ machine: inout Machine, _ transition: (inout Machine) -> Bool)
    -> Bool
  {
    transition(&machine)
  }
}
