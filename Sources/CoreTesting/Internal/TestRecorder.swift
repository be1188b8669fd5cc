import Core

/// What a ``TestStore`` and the reducer it wraps share: the dependencies in force, where the
/// current test step is, and every action reduced with the states around it.
///
/// Only touched on the main actor: by the test store, and by its `Store`, which calls the
/// reducer there.
final class TestRecorder<State, Action> {
  /// One reduced action.
  struct Step {
    let action: Action
    let before: State
    let after: State
    /// Where the stack element id counter stood before the action (see `StackIDs`).
    var stackIDsBefore = 0
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
  /// Set when the reducer returns a cancellation.
  var didCancelWork = false
  /// Called after an action is appended to `received`.
  var onReceive: (() -> Void)?

  init(dependencies: DependencyValues, sink: IssueSink, stepLocation: Core.SourceLocation) {
    self.dependencies = dependencies
    self.sink = sink
    self.stepLocation = stepLocation
  }

  func record(_ step: Step) {
    if isSending {
      isSending = false
      sent = step
    } else {
      received.append(step)
      onReceive?()
    }
  }
}
