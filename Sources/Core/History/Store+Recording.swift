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
  public convenience init<R: Reducer>(
    initialState: State,
    recordingTo recorder: SessionRecorder<State, Action>,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) where R.State == State, R.Action == Action {
    let recording = reducer().recording(to: recorder)
    self.init(initialState: initialState) {
      recording
    } withDependencies: {
      prepareDependencies?(&$0)
      recorder.capture.install(in: &$0)
    }
  }
}
