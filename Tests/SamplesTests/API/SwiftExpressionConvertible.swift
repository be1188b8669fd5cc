import Core
import Testing

// The example in the doc comment of Sources/Core/SwiftExpressionConvertible.swift.

enum SwiftExpressionConvertibleDocs {
  public struct Price: Equatable, Sendable, SwiftExpressionConvertible {
    private var cents: Int

    public init(dollars: Int, cents: Int) {
      self.cents = dollars * 100 + cents
    }

    public var swiftExpression: String {
      "Price(dollars: \(cents / 100), cents: \(cents % 100))"
    }
  }

  @Test static func aPriceSaysHowToMakeIt() {
    #expect(Price(dollars: 4, cents: 50).swiftExpression == "Price(dollars: 4, cents: 50)")
  }
}
