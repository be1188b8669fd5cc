/// A small, fast random number generator (SplitMix64) whose output depends on its seed alone:
/// the same seed gives the same sessions on every platform, toolchain and run.
struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }

  /// A number below `bound`, which must not be 0. Its own arithmetic rather than the standard
  /// library's `random(in:using:)`, whose algorithm may change between toolchains.
  mutating func next(below bound: UInt64) -> UInt64 {
    next().multipliedFullWidth(by: bound).high
  }
}
