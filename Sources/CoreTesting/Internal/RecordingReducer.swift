import Core

/// Runs the feature's reducer for a ``TestStore``: with the test store's current dependencies,
/// recording each action and the states around it, and tagging the effects it returns with the
/// test step they came from.
struct RecordingReducer<State, Action>: Reducer {
  let base: Reduce<State, Action>
  let recorder: TestRecorder<State, Action>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    // An action fed back by an effect belongs to the step that started the effect.
    let origin = EffectOrigin.location ?? recorder.stepLocation
    let before = state
    let dependencies = recorder.dependencies
    let stackIDsBefore = StackIDs.next(in: dependencies)
    let effect = DependencyValues.$current.withValue(dependencies) {
      IssueReporting.$override.withValue(recorder.sink.reporter(at: origin)) {
        base.reduce(into: &state, action: action)
      }
    }
    recorder.record(
      action, before: before, after: state, dependencies: dependencies,
      stackIDsBefore: stackIDsBefore)
    if Self.contains(effect, where: \.startsWork) { recorder.didStartWork = true }
    if Self.contains(effect, where: \.cancels) { recorder.didCancelWork = true }
    return Self.tag(
      effect, origin: origin, sink: recorder.sink, dismissal: recorder.rootDismissal.dismissal,
      endings: recorder.workEndings, bodies: recorder.effectBodies)
  }

  /// Whether `effect` or an effect it is made of satisfies `predicate`.
  static func contains(
    _ effect: Effect<Action>, where predicate: (Effect<Action>.Operation) -> Bool
  ) -> Bool {
    if predicate(effect.operation) { return true }
    switch effect.operation {
    case .none, .send, .cancel, .cancelChildren, .endMissingChildren, .run: return false
    case let .merge(effects), let .concatenate(effects):
      return effects.contains { contains($0, where: predicate) }
    case let .cancellable(_, _, effect), let .child(_, effect), let .throttle(_, effect):
      return contains(effect, where: predicate)
    }
  }

  /// `effect` with every `.run` running under `origin`: runtime issues it reports become test
  /// failures at `origin`, and actions it sends are attributed to `origin`; `dismiss()` called
  /// by the root feature runs `dismissal`; a child's work the store ends is noted in
  /// `endings`; with `bodies`, each `.run` is counted while its body runs.
  static func tag(
    _ effect: Effect<Action>, origin: Core.SourceLocation, sink: IssueSink,
    dismissal: Dismissal, endings: WorkEndings, bodies: EffectBodies? = nil
  ) -> Effect<Action> {
    switch effect.operation {
    case .none, .send, .cancel, .endMissingChildren:
      return effect
    case let .cancelChildren(request):
      return Effect(
        operation: .cancelChildren(
          ChildEnding { child in
            guard request.ends(child) else { return false }
            endings.record()
            return true
          }))
    case let .run(priority, location, run):
      let reporter = sink.reporter(at: origin)
      let body: @Sendable (Send<Action>) async -> Void = { send in
        await EffectOrigin.$location.withValue(origin) {
          await IssueReporting.$override.withValue(reporter) {
            await Dismissal.$current.withValue(dismissal) {
              await run(send)
            }
          }
        }
      }
      guard let bodies else { return Effect(operation: .run(priority, location, body)) }
      return Effect(operation: .run(priority, location, bodies.counting(body, at: location)))
    case let .merge(effects):
      return Effect(
        operation: .merge(
          effects.map {
            tag(
              $0, origin: origin, sink: sink, dismissal: dismissal, endings: endings,
              bodies: bodies)
          })
      )
    case let .concatenate(effects):
      return Effect(
        operation: .concatenate(
          effects.map {
            tag(
              $0, origin: origin, sink: sink, dismissal: dismissal, endings: endings,
              bodies: bodies)
          }))
    case let .cancellable(id, cancelInFlight, effect):
      return Effect(
        operation: .cancellable(
          id, cancelInFlight: cancelInFlight,
          tag(
            effect, origin: origin, sink: sink, dismissal: dismissal, endings: endings,
            bodies: bodies)))
    case let .child(component, effect):
      return Effect(
        operation: .child(
          component,
          tag(
            effect, origin: origin, sink: sink, dismissal: dismissal, endings: endings,
            bodies: bodies)
        ))
    case let .throttle(throttle, effect):
      return Effect(
        operation: .throttle(
          throttle,
          tag(
            effect, origin: origin, sink: sink, dismissal: dismissal, endings: endings,
            bodies: bodies))
      )
    }
  }
}

/// The test step that started the effect the current task runs.
enum EffectOrigin {
  @TaskLocal static var location: Core.SourceLocation?
}

extension Effect.Operation {
  /// Whether running this may start a task: a throttled effect, even one that only sends an
  /// action, waits in a task for its window's end when one is open.
  fileprivate var startsWork: Bool {
    switch self {
    case .run, .concatenate, .throttle: true
    default: false
    }
  }

  /// Whether running this cancels running effects.
  fileprivate var cancels: Bool {
    switch self {
    case .cancel, .endMissingChildren: true
    case let .cancellable(_, cancelInFlight, _): cancelInFlight
    default: false
    }
  }
}
