extension Reducer where State: Codable & Sendable, Action: Codable & Sendable {
  /// This reducer, recording every action it reduces to `recorder`.
  ///
  /// Put it on the root reducer, outermost, so that it sees every action the store reduces,
  /// those effects feed back included:
  ///
  /// ```swift
  /// let store = Store(initialState: initial) {
  ///   AppFeature().recording(to: recorder)
  /// }
  /// ```
  ///
  /// While an action is reduced, the `uuid` and `date` dependencies are wrapped so that the
  /// values they return are recorded with it; a replay gives the reducer the same values.
  ///
  /// - Parameter recorder: Where the actions go.
  /// - Returns: This reducer, recording.
  public func recording(to recorder: SessionRecorder<State, Action>) -> some Reducer<
    State, Action
  > {
    SessionRecordingReducer(base: resolved(), recorder: recorder)
  }
}

/// Reduces with `base` and records each action with the generator values it used.
struct SessionRecordingReducer<State: Codable & Sendable, Action: Codable & Sendable>: Reducer {
  let base: any Reducer<State, Action>
  let recorder: SessionRecorder<State, Action>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let current = DependencyValues.current
    let stackIDs = current.stackElementIDs
    if current.uuid.notesValues && current.date.notesValues {
      return recorder.reduce(&state, action, with: base.reduce, stackIDs: stackIDs)
    }
    // Generators of the store's own, which do not note their values: noting wrappers, for
    // this action.
    var dependencies = current
    GeneratorCapture.install(in: &dependencies)
    return DependencyValues.$current.withValue(dependencies) {
      recorder.reduce(&state, action, with: base.reduce, stackIDs: stackIDs)
    }
  }
}
