import Core
import Foundation

extension PersistenceFormat<IdentifiedArrayOf<Habit>> {
  /// How the list of habits is written, version 1.
  public static let habits = PersistenceFormat(name: "Habits", version: 1)
    .validating { habits in
      habits.first { !Habit.weeklyGoals.contains($0.weeklyGoal) }
        .map { "the goal of '\($0.name)', \($0.weeklyGoal), is outside \(Habit.weeklyGoals)" }
    }
}

extension HabitsFeature {
  /// The app's store, with the list of habits kept in the file at `url`: loaded now, saved
  /// after every change.
  ///
  /// - Parameters:
  ///   - url: The file of the habits.
  ///   - prepareDependencies: Overrides dependencies, such as the storage in tests.
  /// - Throws: `PersistenceError` when the file is in use or is not a regular file.
  @MainActor
  public static func store(
    savingTo url: URL,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) throws(PersistenceError) -> StoreOf<HabitsFeature> {
    try Store(initialState: State(), persisting: \.habits, at: url, format: .habits) {
      HabitsFeature()
    } withDependencies: {
      prepareDependencies?(&$0)
    }
  }
}
