/// A customer's loyalty tier, earned with loyalty points.
///
/// Confirmed orders earn one point per whole unit of currency spent (see the `Orders` module);
/// the tier follows from the points:
///
/// ```swift
/// let member = LoyaltyTier(points: 0)  // .member
/// let silver = LoyaltyTier(points: 120)  // .silver
/// let gold = LoyaltyTier(points: 600)  // .gold
/// ```
public enum LoyaltyTier: String, CaseIterable, Comparable, Sendable, Codable {
  /// Fewer than 100 points.
  case member
  /// From 100 points.
  case silver
  /// From 500 points.
  case gold

  /// The tier that `points` earn.
  public init(points: Int) {
    self = Self.allCases.last { points >= $0.threshold } ?? .member
  }

  /// The points needed to reach this tier.
  public var threshold: Int {
    switch self {
    case .member: 0
    case .silver: 100
    case .gold: 500
    }
  }

  /// The tier after this one, or `nil` for the highest.
  public var next: LoyaltyTier? {
    switch self {
    case .member: .silver
    case .silver: .gold
    case .gold: nil
    }
  }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.threshold < rhs.threshold
  }
}
