@testable import CoreTesting
import Testing

/// The numbers of a range, simplest first: every index maps to a number of the range and back.
struct IntLadderTests {
  @Test(arguments: [
    0...0, -5...5, 3...10, -10 ... -3, -1...1_000, Int.min...Int.min, Int.max...Int.max,
    Int.min...0, 0...Int.max, Int.min...Int.max, (Int.min + 1)...(Int.max - 1),
  ])
  func valuesAndIndicesRoundTrip(range: ClosedRange<Int>) {
    let ladder = IntLadder(range)
    let count = ladder.count
    // The first indices, the last ones, and some between.
    var indices: [UInt64] = Array(0..<min(count, 64))
    if count > 64 {
      indices += (0..<64).map { count - 1 - $0 }
      indices += [count / 2, count / 3, count / 4 + 1]
    }
    for index in indices {
      let value = ladder.value(at: index)
      #expect(range.contains(value), "index \(index) of \(range) gives \(value)")
      #expect(ladder.index(of: value) == index, "index \(index) of \(range) gives \(value)")
    }
    #expect(ladder.value(at: 0) == min(max(0, range.lowerBound), range.upperBound))
  }

  @Test func lowerIndicesAreNearerZero() {
    let ladder = IntLadder(-3...10)
    #expect((0..<8).map { ladder.value(at: $0) } == [0, 1, -1, 2, -2, 3, -3, 4])
    #expect(ladder.value(at: ladder.count - 1) == 10)
  }
}
