/// The numbers of a range ordered from the simplest: 0 (or the end of the range nearest to
/// it), then outwards, alternating above and below (`0, 1, -1, 2, -2, ...`), so that a lower
/// choice is a number nearer 0.
struct IntLadder {
  let origin: Int
  /// How far the range reaches above and below `origin`.
  let up: UInt64
  let down: UInt64

  init(_ range: ClosedRange<Int>) {
    origin = min(max(0, range.lowerBound), range.upperBound)
    up = UInt64(bitPattern: Int64(range.upperBound &- origin))
    down = UInt64(bitPattern: Int64(origin &- range.lowerBound))
  }

  /// How many numbers the range holds (capped at `UInt64.max` for the whole of `Int`).
  var count: UInt64 {
    let (sum, overflow) = up.addingReportingOverflow(down)
    return overflow || sum == .max ? .max : sum + 1
  }

  /// The number at `index`, which is below ``count``.
  func value(at index: UInt64) -> Int {
    if index == 0 { return origin }
    let near = min(up, down)
    let step = (index + 1) / 2
    if step <= near {
      return index % 2 == 1
        ? origin &+ Int(bitPattern: UInt(step)) : origin &- Int(bitPattern: UInt(step))
    }
    let distance = index - near
    return up > down
      ? origin &+ Int(bitPattern: UInt(distance)) : origin &- Int(bitPattern: UInt(distance))
  }

  /// The index of `value`, which is in the range.
  func index(of value: Int) -> UInt64 {
    let near = min(up, down)
    if value >= origin {
      let distance = UInt64(bitPattern: Int64(value &- origin))
      if distance == 0 { return 0 }
      return distance <= near ? 2 * distance - 1 : distance + near
    }
    let distance = UInt64(bitPattern: Int64(origin &- value))
    return distance <= near ? 2 * distance : distance + near
  }
}
