/// Giving other tasks a chance to run, for test helpers that must let effects catch up.
///
/// There is no way to know that every other task is idle, so this is a bounded courtesy: each
/// round waits behind the jobs already queued on the main actor (where `Store` reduces actions
/// and starts effects) and on the global executor (where effect bodies run).
enum Scheduling {
  /// How many rounds helpers use by default.
  static let defaultRounds = 20

  /// Lets queued jobs on the main actor and the global executor run, `rounds` times, or until
  /// `isSettled` returns `true`.
  static func letOtherTasksRun(
    rounds: Int = defaultRounds, until isSettled: @MainActor () -> Bool = { false }
  ) async {
    for _ in 0..<rounds {
      if await isSettled() { return }
      await MainActor.run {}
      await Task.detached(priority: .background) { await Task.yield() }.value
    }
  }
}
