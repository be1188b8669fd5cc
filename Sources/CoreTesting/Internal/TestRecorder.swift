import Core

/// What a ``TestStore`` and the reducer it wraps share: the dependencies in force, where the
/// current test step is, and every action reduced with the states around it.
///
/// Only touched on the main actor: by the test store, and by its `Store`, which calls the
/// reducer there.
final class TestRecorder<State, Action> {
  /// One reduced action.
  struct Step {
    /// Where the action comes in the order the store reduced actions, from 1.
    let index: Int
    let action: Action
    let before: State
    let after: State
    /// The dependencies the reducer ran with.
    let dependencies: DependencyValues
    /// Where the stack element id counter stood before the action (see `StackIDs`).
    let stackIDsBefore: Int
  }

  var dependencies: DependencyValues
  let sink: IssueSink
  /// The test step that work starting now is attributed to (its failures point there).
  var stepLocation: Core.SourceLocation
  /// Set by `send` just before it sends: the next reduced action is the sent one.
  var isSending = false
  /// The step of the action `send` sent.
  var sent: Step?
  /// Actions fed back by effects (or `.send`) that the test has not received yet, in order.
  var received: [Step] = []
  /// Set when the reducer returns asynchronous work (a `.run` or `.concatenate` effect).
  var didStartWork = false
  /// Set when the reducer returns a cancellation by id.
  var didCancelWork = false
  /// Whether the store ended a child's work while running the reducer's effects.
  let workEndings = WorkEndings()
  /// What `dismiss()` does in the root feature's effects.
  let rootDismissal = RootDismissal()
  /// Called after an action is appended to `received`.
  var onReceive: (() -> Void)?
  /// Counts the effect bodies that run and those asleep on a ``TestClock``, for random
  /// sessions, which wait after each step until effects are idle; `nil` for a test store.
  var effectBodies: EffectBodies?
  /// How many actions the store has reduced.
  private(set) var reducedCount = 0
  /// Whether every reduced action goes to ``log``, in the order the store reduced them,
  /// instead of ``received`` (for random sessions, which check each one).
  var keepsLog = false
  /// The reduced actions, when ``keepsLog``.
  var log: [Step] = []

  init(dependencies: DependencyValues, sink: IssueSink, stepLocation: Core.SourceLocation) {
    self.dependencies = dependencies
    self.sink = sink
    self.stepLocation = stepLocation
  }

  /// Records that the reducer turned `before` into `after` for `action`, with `dependencies`.
  func record(
    _ action: Action, before: State, after: State, dependencies: DependencyValues,
    stackIDsBefore: Int
  ) {
    reducedCount += 1
    let step = Step(
      index: reducedCount, action: action, before: before, after: after,
      dependencies: dependencies, stackIDsBefore: stackIDsBefore)
    if keepsLog { log.append(step) }
    if isSending {
      isSending = false
      sent = step
    } else if !keepsLog {
      received.append(step)
      onReceive?()
    }
  }
}

extension TestRecorder {
  /// What sending one action did.
  struct Sent {
    /// The send's task, whose effects it started.
    let task: StoreTask
    /// The action as reduced; `nil` when the store did not reduce it.
    let step: Step?
    /// Whether the reducer returned asynchronous work.
    let startedWork: Bool
    /// Whether the reducer cancelled work, or the store ended a child's.
    let cancelledWork: Bool
  }

  /// Sends `action` to `store`, attributing what it reports to `location`, and says what the
  /// send did: the one bracket around a send that test stores and random sessions share.
  @MainActor
  func send(
    _ action: Action, to store: Store<State, Action>, at location: Core.SourceLocation
  ) -> Sent {
    sent = nil
    isSending = true
    didStartWork = false
    didCancelWork = false
    _ = workEndings.take()
    let task = IssueReporting.$override.withValue(sink.reporter(at: location)) {
      store.send(action)
    }
    isSending = false
    if workEndings.take() { didCancelWork = true }
    return Sent(
      task: task, step: sent, startedWork: didStartWork, cancelledWork: didCancelWork)
  }
}
