/// What a ``SessionRecorder`` writes besides the actions.
public struct RecordingOptions: Sendable {
  /// After how many actions a checkpoint line is written (and one at the end); at least 1.
  public var checkpointInterval: Int
  /// Whether checkpoints (and the end line) hold the whole state besides its fingerprint, so
  /// that a replay that differs can show a diff; without it a replay can only say that the
  /// fingerprints differ.
  public var checkpointsIncludeState: Bool
  /// Whether the header holds the initial state; without it, the header holds its fingerprint
  /// and a replay must be given the initial state.
  public var includesInitialState: Bool

  /// Options with a checkpoint every `checkpointInterval` actions.
  ///
  /// - Parameters:
  ///   - checkpointInterval: After how many actions a checkpoint is written; 100 by default.
  ///   - checkpointsIncludeState: Whether checkpoints hold the whole state; `true` by default.
  ///   - includesInitialState: Whether the header holds the initial state; `true` by default.
  public init(
    checkpointInterval: Int = 100, checkpointsIncludeState: Bool = true,
    includesInitialState: Bool = true
  ) {
    self.checkpointInterval = max(1, checkpointInterval)
    self.checkpointsIncludeState = checkpointsIncludeState
    self.includesInitialState = includesInitialState
  }
}
