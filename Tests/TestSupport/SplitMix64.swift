/// A small, fast, reproducible random number generator (SplitMix64): the same seed gives the
/// same sequence on every platform and run.
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

  /// `true` with probability `percent`/100.
  public mutating func chance(_ percent: Int) -> Bool {
    Int.random(in: 0..<100, using: &self) < percent
  }

  /// A random element of `elements`, which must not be empty.
  public mutating func pick<C: Collection>(_ elements: C) -> C.Element {
    elements.randomElement(using: &self)!
  }
}
