/// A small, fast, reproducible random number generator (SplitMix64): the same seed gives the
/// same sequence on every platform and run; `next(below:)`, `int(in:)`, `chance(_:)` and
/// `pick(_:)` give the same values on every toolchain too, where the standard library's
/// `random(in:using:)` may change its algorithm.
public struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  public init(seed: UInt64) {
    state = seed
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }

  /// A number below `bound`, which must not be 0. Its own arithmetic rather than the standard
  /// library's `random(in:using:)`, whose algorithm may change between toolchains: a seed gives
  /// the same run on every one.
  public mutating func next(below bound: UInt64) -> UInt64 {
    next().multipliedFullWidth(by: bound).high
  }

  /// A number in `range`, which must not be empty.
  public mutating func int(in range: Range<Int>) -> Int {
    precondition(!range.isEmpty, "SplitMix64.int(in:) was given the empty range \(range).")
    let width = UInt64(bitPattern: Int64(range.upperBound) &- Int64(range.lowerBound))
    return range.lowerBound &+ Int(truncatingIfNeeded: next(below: width))
  }

  /// A number in `range`.
  public mutating func int(in range: ClosedRange<Int>) -> Int {
    let width = UInt64(bitPattern: Int64(range.upperBound) &- Int64(range.lowerBound)) &+ 1
    // A width of 0 is every Int.
    guard width != 0 else { return Int(truncatingIfNeeded: next()) }
    return range.lowerBound &+ Int(truncatingIfNeeded: next(below: width))
  }

  /// `true` with probability `percent`/100.
  public mutating func chance(_ percent: Int) -> Bool {
    Int(next(below: 100)) < percent
  }

  /// A random element of `elements`, which must not be empty.
  public mutating func pick<C: Collection>(_ elements: C) -> C.Element {
    let offset = Int(next(below: UInt64(elements.count)))
    return elements[elements.index(elements.startIndex, offsetBy: offset)]
  }
}
