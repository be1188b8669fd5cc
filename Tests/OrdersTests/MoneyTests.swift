import Foundation
import Orders
import Testing

@Suite struct MoneyTests {
  @Test(arguments: [
    (0, "$0.00"), (5, "$0.05"), (450, "$4.50"), (1_250, "$12.50"), (100_000, "$1000.00"),
    (-5, "-$0.05"), (-1_999, "-$19.99"),
  ])
  func describesDollarsAndCents(_ minorUnits: Int, _ text: String) {
    #expect(Money(minorUnits: minorUnits).description == text)
  }

  @Test func arithmeticIsExactInMinorUnits() {
    #expect(Money(minorUnits: 10) * 3 + Money(minorUnits: 20) == Money(minorUnits: 50))
    #expect(Money(minorUnits: 1) < Money(minorUnits: 2))
  }

  @Test func encodesAsABareInteger() throws {
    let data = try JSONEncoder().encode([Money(minorUnits: 1_250)])
    #expect(String(decoding: data, as: UTF8.self) == "[1250]")
    #expect(try JSONDecoder().decode([Money].self, from: data) == [Money(minorUnits: 1_250)])
  }
}
