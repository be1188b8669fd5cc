import Core

/// How a ``TestStore`` makes the `StackElementID`s of its expected states match the reducer's.
///
/// The test store owns a counter (installed in its dependencies with ``install(in:)``) that the
/// reducer's `StackState.append` takes ids from. Before each action the reducer reduces, the
/// recorder notes where the counter stands (``next(in:)``); the closure that builds the expected
/// state for that step then runs with a copy of the counter starting there
/// (``start(in:at:)``), so `$0.path.append(...)` in the closure takes the id the
/// reducer took, however often the closure is run.
enum StackIDs {
  /// Gives `dependencies` a counter of their own, counting from 0.
  static func install(in dependencies: inout DependencyValues) {
    dependencies.stackElementIDs = StackElementIDGenerator()
  }

  /// Where the counter of `dependencies` stands: the generation of the next id it gives.
  static func next(in dependencies: DependencyValues) -> Int {
    dependencies.stackElementIDs.peek
  }

  /// Gives `dependencies` a counter that starts at `next`, for an expected state.
  static func start(in dependencies: inout DependencyValues, at next: Int) {
    dependencies.stackElementIDs = StackElementIDGenerator(next: next)
  }
}
