/// An amount of money in integer minor units (cents), so sums are exact.
///
/// ```swift
/// let price = Money(minorUnits: 450)  // $4.50
/// let three = price * 3  // $13.50
/// let label = three.description  // "$13.50"
/// ```
///
/// It encodes as a bare integer of minor units.
public struct Money: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  /// The amount in minor units: 1250 is $12.50.
  public var minorUnits: Int

  /// Creates an amount of `minorUnits`.
  public init(minorUnits: Int) {
    self.minorUnits = minorUnits
  }

  /// Nothing.
  public static let zero = Money(minorUnits: 0)

  /// The amount with a dollar sign and two decimals, like `$12.50` or `-$0.05`.
  public var description: String {
    let sign = minorUnits < 0 ? "-" : ""
    let magnitude = minorUnits.magnitude
    let cents = magnitude % 100
    return "\(sign)$\(magnitude / 100).\(cents < 10 ? "0" : "")\(cents)"
  }

  /// The sum of two amounts.
  public static func + (lhs: Self, rhs: Self) -> Self {
    Money(minorUnits: lhs.minorUnits + rhs.minorUnits)
  }

  /// The amount `rhs` times, such as a unit price times a quantity.
  public static func * (lhs: Self, rhs: Int) -> Self {
    Money(minorUnits: lhs.minorUnits * rhs)
  }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.minorUnits < rhs.minorUnits
  }

  public init(from decoder: any Decoder) throws {
    minorUnits = try decoder.singleValueContainer().decode(Int.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(minorUnits)
  }
}
