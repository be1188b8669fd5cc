import Foundation

extension Recording where State: Equatable {
  /// Replays the recording with the reducer that `reducer` builds and returns the final state.
  ///
  /// ```swift
  /// let finalState = try recording.replay { AppFeature() }
  /// ```
  ///
  /// See ``replay(from:with:)``.
  public func replay<R: Reducer>(
    from initialState: State? = nil,
    @ReducerBuilder<State, Action> reducer: () -> R
  ) throws(ReplayError) -> State where R.State == State, R.Action == Action {
    try replay(from: initialState, with: reducer())
  }

  /// Replays the recording with `reducer` alone and returns the final state.
  ///
  /// Each recorded action is reduced in order, with the `uuid` and `date` dependencies
  /// returning the values recorded with it; the effects the reducer returns are not run (the
  /// actions they fed back are in the recording). At each checkpoint the state is compared
  /// with the recorded one.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from; needed when the header holds only the
  ///     initial state's fingerprint, checked against it otherwise.
  ///   - reducer: The root reducer the session ran (without ``Reducer/recording(to:)``).
  /// - Returns: The state after the last recorded action.
  /// - Throws: ``ReplayError`` at the first checkpoint whose state differs (naming the last
  ///   action before it, with a diff when the recording holds the state), or at the first
  ///   action that asked for more or fewer generator values than were recorded.
  public func replay<R: Reducer>(
    from initialState: State? = nil, with reducer: R
  ) throws(ReplayError) -> State where R.State == State, R.Action == Action {
    try replayed(from: initialState, with: reducer).state
  }

  /// Replays like ``replay(from:with:)`` and also says where the stack element id counter
  /// stands afterwards, so that a store continuing from the final state takes no id its
  /// elements already have. `progress`, if given, is called with the number of actions
  /// replayed every few thousand actions.
  package func replayed<R: Reducer>(
    from initialState: State? = nil, with reducer: R, progress: ((Int) -> Void)? = nil
  ) throws(ReplayError) -> (state: State, nextStackID: Int)
  where R.State == State, R.Action == Action {
    let encoder = RecordingFormat.makeEncoder()
    guard var state = initialState ?? self.initialState else {
      throw ReplayError(
        actionIndex: 0, line: 1, action: "",
        reason: "the recording holds only the initial state's fingerprint; pass the initial "
          + "state to replay(from:with:)", diff: nil)
    }
    let start = try? RecordedStackIDs.collect(in: state, encoder)
    if initialState != nil,
      start.map({ RecordingFormat.fingerprint(of: $0.data) }) != initialFingerprint
    {
      let recorded = self.initialState.map { asRecorded($0, encoder) }
      let compared = asRecorded(state, encoder)
      if recorded.map({ $0 != compared }) ?? true {
        throw ReplayError(
          actionIndex: 0, line: 1, action: "",
          reason: "the initial state differs from the recorded one",
          diff: recorded.flatMap { StateDiff.lines($0, compared) })
      }
    }
    let feed = ReplayFeed()
    var dependencies = DependencyValues.current
    dependencies.uuid = feed.uuid
    dependencies.date = feed.date
    // Past the ids the initial state's screens have, as the session's counter was.
    let highest = start?.ids.max() ?? -1
    var stackIDs = StackElementIDGenerator(next: highest < Int.max ? highest + 1 : highest)
    dependencies.stackElementIDs = stackIDs
    let reduce = reducer.reduceFunction()
    var lastStep: Step?
    var failure: ReplayError?
    do {
      try forEachEntry { entry in
        do throws(ReplayError) {
          switch entry {
          case .step(let step):
            lastStep = step
            if let stackID = step.stackID {
              stackIDs = StackElementIDGenerator(next: stackID)
              dependencies.stackElementIDs = stackIDs
            }
            feed.load(uuids: step.uuids, dates: step.dates)
            _ = DependencyValues.$current.withValue(dependencies) {
              reduce(&state, step.action)
            }
            if let mismatch = feed.mismatch() {
              throw error(at: step, line: step.line, reason: mismatch, diff: nil)
            }
            if step.index % 4096 == 0 { progress?(step.index) }
          case .checkpoint(let checkpoint):
            // The checkpoints of the initial state (a recording of no action) check nothing
            // the fingerprint above did not.
            guard let step = lastStep else { return true }
            try verify(state, at: checkpoint, after: step, encoder)
          }
          return true
        } catch {
          failure = error
          return false
        }
      }
    } catch {
      // Read once already: the file changed, or went, since.
      throw ReplayError(
        actionIndex: lastStep?.index ?? 0, line: lastStep?.line ?? 1, action: "",
        reason: "the recording could not be read again (\(error))", diff: nil)
    }
    if let failure { throw failure }
    return (state, stackIDs.peek)
  }

  private func verify(
    _ state: State, at checkpoint: Checkpoint, after step: Step, _ encoder: JSONEncoder
  ) throws(ReplayError) {
    if fingerprint(of: state, encoder) == checkpoint.fingerprint { return }
    guard let held = checkpoint.state else {
      throw error(
        at: step, line: checkpoint.line,
        reason: "the state's fingerprint differs from the one recorded after it", diff: nil)
    }
    // Both compared as the recording holds them, so that what the encoding leaves out does not
    // show in the diff.
    let recorded = asRecorded(held, encoder)
    let replayed = asRecorded(state, encoder)
    // Equal states can encode differently (a `Set`'s order); only a real difference counts.
    if recorded == replayed { return }
    throw error(
      at: step, line: checkpoint.line,
      reason: "the state differs from the one recorded after it",
      diff: StateDiff.lines(recorded, replayed))
  }

  /// `state` as a recording holds it: encoded, then decoded with stack element ids counted
  /// from 0. A recording holds no ids, so decoding gives a stack's elements new ones: counted
  /// from the same start for both states compared, the same elements in the same order get the
  /// same ids, and a diff pairs them by position. `state` itself if it does not round-trip.
  private func asRecorded(_ state: State, _ encoder: JSONEncoder) -> State {
    guard let data = try? encoder.encode(state) else { return state }
    var dependencies = DependencyValues.current
    dependencies.stackElementIDs = StackElementIDGenerator(next: 0)
    let decoded = DependencyValues.$current.withValue(dependencies) {
      try? JSONDecoder().decode(State.self, from: data)
    }
    return decoded ?? state
  }

  private func error(at step: Step, line: Int, reason: String, diff: String?) -> ReplayError {
    var action = ""
    debugPrint(step.action, terminator: "", to: &action)
    return ReplayError(
      actionIndex: step.index, line: line, action: "'\(action)'", reason: reason, diff: diff)
  }

  private func fingerprint(of state: State, _ encoder: JSONEncoder) -> String? {
    (try? encoder.encode(state)).map(RecordingFormat.fingerprint(of:))
  }
}
