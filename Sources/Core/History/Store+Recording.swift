extension Store where State: Codable & Sendable, Action: Codable & Sendable {
  /// Creates a root store running the reducer built by `reducer` and recording every action
  /// it reduces to `recorder`.
  ///
  /// ```swift
  /// let recorder = try SessionRecorder<AppFeature.State, AppFeature.Action>(
  ///   fileAt: url, initialState: initial)
  /// let store = Store(initialState: initial, recordingTo: recorder) {
  ///   AppFeature()
  /// }
  /// ```
  ///
  /// The same as `Store(initialState:) { AppFeature().recording(to: recorder) }`, cheaper per
  /// action: the store's `uuid` and `date` generators are wrapped once, at creation, instead of
  /// for every action.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from: the one `recorder` was created with.
  ///   - recorder: Where the actions go.
  ///   - reducer: Builds the root reducer.
  ///   - prepareDependencies: Overrides dependencies for this store and its effects.
  @inlinable
  public convenience init<R: Reducer>(
    initialState: State,
    recordingTo recorder: SessionRecorder<State, Action>,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) where R.State == State, R.Action == Action {
    // Inlinable, so that the recording runs specialized for `State` and `Action`, here.
    self.init(
      building: {
        let reduce = reducer().reduceFunction()
        // Built with the store's dependencies in force: its own id counter.
        let stackIDs = StackElementIDGenerator.current
        return (
          initialState,
          { state, action in
            recorder.reduce(&state, action, with: reduce, stackIDs: stackIDs)
          }
        )
      },
      isDuplicate: equality(of: State.self),
      withDependencies: {
        prepareDependencies?(&$0)
        // Overrides nothing where the generators are the live defaults, which note their
        // values already: the store's dependencies stay the defaults.
        GeneratorCapture.install(in: &$0)
      })
  }
}
