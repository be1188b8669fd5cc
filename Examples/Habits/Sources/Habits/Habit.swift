import Foundation

/// A habit: what to do, how often a week, and the days it was done.
public struct Habit: Codable, Equatable, Identifiable, Sendable {
  public var id: UUID
  public var name: String
  /// How many check-ins a week the habit aims at, from 1 to 7.
  public var weeklyGoal: Int
  /// When it was done, oldest first.
  public var checkIns: [Date]

  public init(id: UUID, name: String, weeklyGoal: Int = 3, checkIns: [Date] = []) {
    self.id = id
    self.name = name
    self.weeklyGoal = weeklyGoal
    self.checkIns = checkIns
  }

  /// The goals a habit may have.
  public static let weeklyGoals = 1...7
}
