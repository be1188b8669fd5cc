/// A small, fast, reproducible random number generator (SplitMix64): the same seed gives the
/// same sequence on every platform and run; `next(below:)`, `chance(_:)` and `pick(_:)` give
/// the same values on every toolchain too.
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
