import Core
import Foundation

/// Runs one random session from its choices: a fresh store with test dependencies, the steps
/// the choices pick, effects let run after each step until idle, and the rules checked after
/// every action.
@MainActor
final class SessionRunner<State: Equatable, Action> {
  let sessions: RandomSessions<State, Action>
  /// How long effects may stay busy without any sign of progress before a step stops waiting
  /// for them (they wait on something other than the session's clock).
  static var busyLimit: Duration { .milliseconds(50) }

  init(_ sessions: RandomSessions<State, Action>) {
    self.sessions = sessions
  }

  /// Runs the session that `choices` make, at most `length` steps when the choices are new.
  ///
  /// - Parameter recording: Where to record the session, for a feature that can be recorded.
  func run(
    _ choices: ChoiceStream, length: Int, recordingTo recording: URL? = nil
  ) async -> SessionOutcome<Action> {
    let issues = CapturedTestFailures()
    return await TestFailure.$capture.withValue(issues) {
      await SessionRun(sessions: sessions, choices: choices, issues: issues, recording: recording)
        .run(length: length)
    }
  }
}

/// The state of one session while it runs.
@MainActor
private final class SessionRun<State: Equatable, Action> {
  let sessions: RandomSessions<State, Action>
  let choices: ChoiceStream
  let issues: CapturedTestFailures
  let clock = TestClock()
  let bodies = EffectBodies()
  let recorder: TestRecorder<State, Action>
  let store: Store<State, Action>
  let initialState: State
  var finishRecording: (() throws -> Void)?
  var checks: [(name: String, check: (State?, Action?, State) -> String?)]
  /// The tasks of the sends that started effects, cancelled when the session ends.
  var tasks: [StoreTask] = []
  var isDismissed = false
  var outcome = SessionOutcome<Action>()

  init(
    sessions: RandomSessions<State, Action>, choices: ChoiceStream,
    issues: CapturedTestFailures, recording: URL?
  ) {
    self.sessions = sessions
    self.choices = choices
    self.issues = issues
    let sink = IssueSink()
    var dependencies = DependencyValues.current
    dependencies.context = .test
    StackIDs.install(in: &dependencies)
    dependencies.clock = clock
    dependencies.uuid = .incrementing
    dependencies.date = .constant(DateGenerator.testNow)
    var finish: (() throws -> Void)?
    let (state, base) = IssueReporting.$override.withValue(
      sink.reporter(at: sessions.location)
    ) {
      if let prepare = sessions.prepareDependencies { dependencies.override(with: prepare) }
      return DependencyValues.$current.withValue(dependencies) {
        let state = sessions.makeInitialState()
        if let recording, let make = sessions.makeRecordingReducer,
          let made = try? make(recording, state)
        {
          finish = made.finish
          return (state, made.reducer)
        }
        return (state, sessions.makeReducer())
      }
    }
    finishRecording = finish
    initialState = state
    let recorder = TestRecorder<State, Action>(
      dependencies: dependencies, sink: sink, stepLocation: sessions.location)
    recorder.effectBodies = bodies
    self.recorder = recorder
    store = DependencyValues.$current.withValue(dependencies) {
      Store(initialState: state, reducer: RecordingReducer(base: base, recorder: recorder))
    }
    checks = sessions.rules.map { ($0.name, $0.makeCheck()) }
    recorder.rootDismissal.handler = { [weak self] in self?.isDismissed = true }
  }

  func run(length: Int) async -> SessionOutcome<Action> {
    for (name, check) in checks {
      if let details = check(nil, nil, initialState) {
        outcome.broken = .init(rule: name, step: 0, reducedIndex: nil, details: details)
        return await end()
      }
    }
    var state = initialState
    var number = 0
    while outcome.broken == nil, !isDismissed {
      outcome.stepStarts.append(choices.used.count)
      let goesOn = choices.draw(below: 2) { _ in number < length ? 1 : 0 }
      guard goesOn == 1, let listSteps = sessions.listSteps else { break }
      let next = NextSteps<Action>(choices: choices)
      listSteps(state, next)
      guard let step = next.pick() else { break }
      number += 1
      let issuesBefore = issues.count
      switch step {
      case let .send(action): await send(action)
      case let .advanceClock(duration): await advanceClock(by: duration)
      }
      outcome.steps.append(.init(step: step))
      state = check(step: number, from: state)
      if outcome.broken == nil { checkIssues(step: number, since: issuesBefore) }
    }
    return await end()
  }

  private func send(_ action: Action) async {
    recorder.sent = nil
    recorder.isSending = true
    recorder.didStartWork = false
    recorder.didCancelWork = false
    _ = recorder.workEndings.take()
    let task = IssueReporting.$override.withValue(
      recorder.sink.reporter(at: sessions.location)
    ) {
      store.send(action)
    }
    recorder.isSending = false
    let endedWork = recorder.workEndings.take()
    if recorder.didStartWork { tasks.append(task) }
    if recorder.didStartWork || recorder.didCancelWork || endedWork { await settle() }
  }

  private func advanceClock(by duration: Duration) async {
    let deadline = clock.now.advanced(by: duration)
    let advance = clock.beginAdvance()
    while clock.wakeNextSleeper(notAfter: deadline, during: advance) {
      await settle()
    }
  }

  /// What can change while effects run; when it stays the same across a turn of the main
  /// actor and every running effect body sleeps on the clock, effects are idle.
  private struct Activity: Equatable {
    var tasks: Int
    var reduced: Int
    var clock: UInt64
    var bodies: EffectBodies.Counts
  }

  private var activity: Activity {
    Activity(
      tasks: store.runningEffectCount, reduced: recorder.reducedCount, clock: clock.activity,
      bodies: bodies.current)
  }

  /// Lets effects run until each has ended or sleeps on the session's clock.
  ///
  /// The store starts effect tasks, and effects deliver actions, on the main actor: a turn of
  /// it (`Task.yield()`) runs what they queued before. An effect body running elsewhere counts
  /// as running until it sleeps on the clock or ends, so the wait goes on while any does.
  private func settle() async {
    var last = activity
    if last.tasks == 0 { return }
    var quietSince: ContinuousClock.Instant?
    while true {
      await Task.yield()
      let now = activity
      if now != last {
        last = now
        quietSince = nil
        continue
      }
      if now.tasks == 0 || now.bodies.running == now.bodies.asleep { return }
      let time = ContinuousClock.now
      guard let since = quietSince else {
        quietSince = time
        continue
      }
      if since.duration(to: time) >= SessionRunner<State, Action>.busyLimit {
        outcome.hadBusyEffects = true
        return
      }
    }
  }

  /// Checks the rules after each action reduced during step `number`, starting from `state`;
  /// returns the state after the step.
  private func check(step number: Int, from state: State) -> State {
    var reduced: [TestRecorder<State, Action>.Step] = []
    let sentIndex = recorder.sent?.index
    if let sent = recorder.sent { reduced.append(sent) }
    reduced.append(contentsOf: recorder.received)
    reduced.sort { $0.index < $1.index }
    recorder.sent = nil
    recorder.received.removeAll()
    var state = state
    for (offset, step) in reduced.enumerated() {
      outcome.steps[outcome.steps.count - 1].reduced.append(
        (step.action, isFedBack: step.index != sentIndex))
      state = step.after
      for (name, check) in checks {
        if let details = check(step.before, step.action, step.after) {
          outcome.broken = .init(rule: name, step: number, reducedIndex: offset, details: details)
          return state
        }
      }
    }
    return state
  }

  private func checkIssues(step number: Int, since start: Int) {
    let reported = issues.all.dropFirst(start).map(\.message)
    guard let issue = reported.first(where: { !sessions.isAllowed($0) }) else { return }
    outcome.broken = .init(
      rule: "issue", step: number, reducedIndex: nil,
      details: "An issue was reported:\n\n\(SessionReport.indented(issue))")
  }

  /// Cancels the effects still running, finishes the recording, and returns the outcome.
  private func end() async -> SessionOutcome<Action> {
    for task in tasks { task.cancel() }
    let deadline = ContinuousClock.now.advanced(by: SessionRunner<State, Action>.busyLimit)
    while store.runningEffectCount > 0, ContinuousClock.now < deadline {
      await Task.yield()
    }
    try? finishRecording?()
    outcome.choices = choices.used
    return outcome
  }
}
