import Core
import Foundation

/// Runs random sessions of one run: each from its choices, in a fresh test environment.
@MainActor
final class SessionRunner<State: Equatable, Action> {
  let sessions: RandomSessions<State, Action>
  let listSteps: (State, NextSteps<Action>) -> Void
  /// Where the run was asked for: misuses of the generators are reported there.
  let location: Core.SourceLocation
  private var reportedMisuses: Set<String> = []
  private var misuses: [String] = []

  init(
    _ sessions: RandomSessions<State, Action>,
    listSteps: @escaping (State, NextSteps<Action>) -> Void, at location: Core.SourceLocation
  ) {
    self.sessions = sessions
    self.listSteps = listSteps
    self.location = location
  }

  /// Runs the session that `choices` make: at most `length` steps when the choices are new,
  /// the replayed steps otherwise.
  ///
  /// - Parameter recording: Where to record the session, for a feature that can be recorded.
  func run(
    _ choices: SessionChoices, length: Int, recordingTo recording: URL? = nil
  ) async -> SessionOutcome<Action> {
    let issues = CapturedTestFailures()
    return await TestFailure.$capture.withValue(issues) {
      await SessionRun(runner: self, choices: choices, issues: issues, recording: recording)
        .run(length: length)
    }
  }

  /// Notes a misuse of the generators, reported once per run, at the run's line, by
  /// ``reportMisuses()``: a session captures what is reported while it runs, as its own issues.
  func reportMisuse(_ message: String) {
    guard reportedMisuses.insert(message).inserted else { return }
    misuses.append(message)
  }

  /// Reports the misuses noted since the last call.
  func reportMisuses() {
    for message in misuses { TestFailure.record(message, at: location) }
    misuses = []
  }
}

/// One session while it runs.
@MainActor
private final class SessionRun<State: Equatable, Action> {
  let runner: SessionRunner<State, Action>
  let choices: SessionChoices
  let issues: CapturedTestFailures
  let clock = TestClock()
  let bodies = EffectBodies()
  let environment: TestEnvironment<State, Action>
  var finishRecording: (() throws -> Void)?
  var checks:
    [(reason: RandomSessionFailure<Action>.Reason, check: (State?, Action?, State) -> String?)]
  /// The tasks of the sends that started effects, cancelled when the session ends.
  var tasks: [StoreTask] = []
  var isDismissed = false
  /// Where the effects that did not settle after the last step were created, if any.
  var unsettled: [String] = []
  var outcome = SessionOutcome<Action>()

  var sessions: RandomSessions<State, Action> { runner.sessions }
  var store: Store<State, Action> { environment.store }
  var recorder: TestRecorder<State, Action> { environment.recorder }

  init(
    runner: SessionRunner<State, Action>, choices: SessionChoices,
    issues: CapturedTestFailures, recording: URL?
  ) {
    self.runner = runner
    self.choices = choices
    self.issues = issues
    let sessions = runner.sessions
    let clock = clock
    var finish: (() throws -> Void)?
    environment = TestEnvironment(
      at: sessions.location,
      defaults: { RandomSessions<State, Action>.setSessionDefaults(&$0, clock: clock) },
      prepare: sessions.prepareDependencies, initialState: sessions.makeInitialState,
      reducer: { state in
        if let recording, let make = sessions.makeRecordingReducer,
          let made = try? make(recording, state)
        {
          finish = made.finish
          return made.reducer
        }
        return sessions.makeReducer()
      })
    finishRecording = finish
    checks = sessions.rules.map { ($0.reason, $0.makeCheck()) }
    environment.recorder.effectBodies = bodies
    environment.recorder.keepsLog = true
    environment.recorder.rootDismissal.handler = { [weak self] in self?.isDismissed = true }
  }

  func run(length: Int) async -> SessionOutcome<Action> {
    for (reason, check) in checks {
      if let details = check(nil, nil, environment.initialState) {
        outcome.broken = .init(rule: reason, step: 0, reducedIndex: nil, details: details)
        return await end()
      }
    }
    var state = environment.initialState
    while outcome.broken == nil, !isDismissed {
      if !choices.isReplaying, outcome.steps.count >= length { break }
      guard choices.beginStep() else { break }
      let next = NextSteps<Action>(choices: choices, reportMisuse: runner.reportMisuse)
      runner.listSteps(state, next)
      guard let picked = next.pick() else {
        // A replayed step that is not listed any more is left out; a new session whose
        // closure lists nothing ends.
        if choices.isReplaying { continue } else { break }
      }
      let issuesBefore = issues.count
      var sentIndex: Int?
      switch picked.step {
      case let .send(action): sentIndex = await send(action)
      case let .advanceClock(duration): await advanceClock(by: duration)
      }
      outcome.steps.append(
        .init(
          step: picked.step, choices: choices.endStep(key: picked.key), listed: next.keys,
          rank: picked.rank))
      let number = outcome.steps.count
      state = check(step: number, from: state, sentIndex: sentIndex)
      if outcome.broken == nil { checkIssues(step: number, since: issuesBefore) }
      if outcome.broken == nil, let first = unsettled.first {
        outcome.broken = SessionOutcome.Break(
          rule: .effectDidNotSettle(first), step: number, reducedIndex: nil,
          details: SessionReport.unsettled(unsettled, timeout: sessions.effectTimeout))
      }
    }
    return await end()
  }

  /// Sends `action`; returns its index among the reduced actions, if the store reduced it.
  private func send(_ action: Action) async -> Int? {
    let sent = recorder.send(action, to: store, at: sessions.location)
    if sent.startedWork { tasks.append(sent.task) }
    if sent.startedWork || sent.cancelledWork { await settle() }
    return sent.step?.index
  }

  private func advanceClock(by duration: Duration) async {
    let deadline = clock.now.advanced(by: duration)
    let advance = clock.beginAdvance()
    while unsettled.isEmpty, clock.wakeNextSleeper(notAfter: deadline, during: advance) {
      await settle()
    }
  }

  /// What can change while effects run; when it stays the same across a turn of the main
  /// actor and every running effect body sleeps on the clock, effects are idle.
  private struct Activity: Equatable {
    var tasks: Int
    /// Tasks started that have not begun to run: under load, one may reach the main actor
    /// only after a turn of it, and until then looks like no work at all.
    var starting: Int
    var reduced: Int
    var clock: UInt64
    var bodies: EffectBodies.Counts
  }

  /// How many turns of the main actor must change nothing before effects with tasks outside
  /// their bodies count as idle.
  static var quietTurns: Int { 3 }

  private var activity: Activity {
    Activity(
      tasks: store.runningEffectCount, starting: store.startingEffectCount,
      reduced: recorder.reducedCount, clock: clock.activity,
      bodies: bodies.current)
  }

  /// Lets effects run until each has ended or sleeps on the session's clock.
  ///
  /// The store starts effect tasks, and effects deliver actions, on the main actor: a turn of
  /// it (`Task.yield()`) runs what they queued before. An effect body running elsewhere counts
  /// as running until it sleeps on the clock or ends, so the wait goes on while any does,
  /// however long it computes, until nothing has changed for the effect timeout: then the
  /// bodies still awake wait on something the session does not drive, and are named.
  private func settle() async {
    var last = activity
    if last.tasks == 0 { return }
    var quietSince: ContinuousClock.Instant?
    var quietTurns = 0
    while true {
      await Task.yield()
      let now = activity
      if now != last {
        last = now
        quietSince = nil
        quietTurns = 0
        continue
      }
      quietTurns += 1
      // A task outside any body (one running a `.concatenate`, or waiting for the actions its
      // effect fed back) resumes on the main actor when what it awaits ends: a few turns of it
      // with nothing changing show that none is about to go on.
      let outsideBodies = now.tasks > now.bodies.running
      if now.tasks == 0
        || (now.starting == 0 && now.bodies.running == now.bodies.asleep
          && (!outsideBodies || quietTurns >= Self.quietTurns))
      {
        return
      }
      let time = ContinuousClock.now
      guard let since = quietSince else {
        quietSince = time
        continue
      }
      let quiet = since.duration(to: time)
      if quiet >= sessions.effectTimeout {
        unsettled = bodies.awake
        return
      }
      // Past the first moments, an effect that computes needs the processor more than this
      // loop needs to look again at once.
      if quiet >= .milliseconds(2) { try? await Task.sleep(for: .microseconds(200)) }
    }
  }

  /// Checks the rules after each action reduced during step `number`, starting from `state`;
  /// returns the state after the step.
  private func check(step number: Int, from state: State, sentIndex: Int?) -> State {
    let reduced = recorder.log
    recorder.log.removeAll(keepingCapacity: true)
    var state = state
    for (offset, step) in reduced.enumerated() {
      outcome.steps[outcome.steps.count - 1].reduced.append(
        (step.action, isFedBack: step.index != sentIndex))
      state = step.after
      for (reason, check) in checks {
        if let details = check(step.before, step.action, step.after) {
          outcome.broken = .init(
            rule: reason, step: number, reducedIndex: offset, details: details)
          return state
        }
      }
    }
    return state
  }

  private func checkIssues(step number: Int, since start: Int) {
    let reported = issues.all.dropFirst(start)
    guard let issue = reported.first(where: { !sessions.isAllowed($0.message) }) else {
      return
    }
    outcome.broken = SessionOutcome.Break(
      reason: .issue(issue.message), signature: SessionReport.signature(of: issue),
      step: number, reducedIndex: nil,
      details: "An issue was reported:\n\n\(SessionReport.indented(issue.message))")
  }

  /// Cancels the effects still running, finishes the recording, and returns the outcome.
  private func end() async -> SessionOutcome<Action> {
    for task in tasks { task.cancel() }
    // Cancelled effects end at their next wait; one that ignores cancellation is left.
    let deadline = ContinuousClock.now.advanced(by: .milliseconds(100))
    while store.runningEffectCount > 0, ContinuousClock.now < deadline {
      await Task.yield()
    }
    try? finishRecording?()
    return outcome
  }
}
