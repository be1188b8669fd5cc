import Core

/// What a ``TestStore`` and a random session both start from: test dependencies, the initial
/// state and reducer made with them in force, and a store running that reducer under a
/// ``TestRecorder``.
@MainActor
struct TestEnvironment<State, Action> {
  let initialState: State
  let store: Store<State, Action>
  let recorder: TestRecorder<State, Action>

  /// Makes the environment.
  ///
  /// - Parameters:
  ///   - location: Where the test made it: issues reported while making the state and the
  ///     reducer, and later steps' until they say otherwise, point there.
  ///   - defaults: Test values set before the test's own overrides (a random session's
  ///     clock, `uuid` and `date`).
  ///   - prepare: The test's overrides.
  ///   - initialState: Makes the initial state, with the dependencies in force.
  ///   - reducer: Makes the reducer for that state, with the dependencies in force.
  init(
    at location: Core.SourceLocation,
    defaults: (inout DependencyValues) -> Void = { _ in },
    prepare: ((inout DependencyValues) -> Void)?,
    initialState: () -> State,
    reducer: (State) -> Reduce<State, Action>
  ) {
    let sink = IssueSink()
    var dependencies = DependencyValues.current
    dependencies.context = .test
    StackIDs.install(in: &dependencies)
    defaults(&dependencies)
    let (state, base) = IssueReporting.$override.withValue(sink.reporter(at: location)) {
      if let prepare { dependencies.override(with: prepare) }
      return DependencyValues.$current.withValue(dependencies) {
        let state = initialState()
        return (state, reducer(state))
      }
    }
    let recorder = TestRecorder<State, Action>(
      dependencies: dependencies, sink: sink, stepLocation: location)
    self.initialState = state
    self.recorder = recorder
    self.store = DependencyValues.$current.withValue(dependencies) {
      Store(initialState: state, reducer: RecordingReducer(base: base, recorder: recorder))
    }
  }
}
