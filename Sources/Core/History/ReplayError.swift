/// Why a replay stopped: the reducer did not reproduce the recording.
public struct ReplayError: Error, Sendable, CustomStringConvertible {
  /// The number of the action where the replay stopped (0: before the first).
  public let actionIndex: Int
  /// The line of the recording that showed the difference.
  public let line: Int
  /// The action, as `debugPrint` shows it.
  public let action: String
  /// What differed.
  public let reason: String
  /// The state diff (- recorded, + replayed), when the recording holds the state.
  public let diff: String?

  /// The message: where the replay stopped, why, and the diff.
  public var description: String {
    var text = "Replay stopped at line \(line)"
    if actionIndex > 0 { text += ", action #\(actionIndex) \(action)" }
    text += ": \(reason)"
    if let diff { text += " (- recorded, + replayed):\n\n" + diff }
    return text
  }
}
