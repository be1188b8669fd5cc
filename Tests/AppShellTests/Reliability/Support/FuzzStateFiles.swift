import TestSupport
import Foundation

@testable import AppShell

/// Random damage to a good state file: bytes cut, flipped, inserted or repeated, and JSON
/// values replaced with extremes, wrong types, deep nesting or nothing at all.
enum FuzzStateFiles {
  /// A good state file's bytes: the sample state, with an order being submitted.
  static func goodFile() throws -> Data {
    var state = sampleState()
    state.orders.list[id: 2]?.status = .submitted(progress: 50)
    return try stateFileData(state)
  }

  /// `good` damaged one of many ways.
  static func damaged(_ good: Data, using generator: inout SplitMix64) -> Data {
    switch generator.int(in: 0..<100) {
    case 0..<35: damagedBytes(good, using: &generator)
    case 35..<95: damagedJSON(good, using: &generator) ?? damagedBytes(good, using: &generator)
    default: noise(using: &generator)
    }
  }

  static func damagedBytes(_ good: Data, using generator: inout SplitMix64) -> Data {
    var bytes = [UInt8](good)
    for _ in 0..<generator.int(in: 1...4) {
      let index = bytes.isEmpty ? 0 : generator.int(in: 0..<bytes.count)
      switch generator.int(in: 0..<6) {
      case 0: bytes = Array(bytes.prefix(index))
      case 1 where !bytes.isEmpty: bytes[index] ^= UInt8(generator.int(in: 1...255))
      case 2:
        bytes.insert(
          contentsOf: (0..<generator.int(in: 1...8)).map { _ in
            UInt8(generator.int(in: 0...255))
          }, at: index)
      case 3 where !bytes.isEmpty:
        bytes.removeSubrange(
          index..<min(bytes.count, index + generator.int(in: 1...50)))
      case 4:
        let slice = bytes[index..<min(bytes.count, index + 40)]
        bytes.insert(contentsOf: slice, at: index)
      default:
        bytes.insert(contentsOf: [0xEF, 0xBB, 0xBF], at: 0)
      }
    }
    return Data(bytes)
  }

  static func noise(using generator: inout SplitMix64) -> Data {
    switch generator.int(in: 0..<6) {
    case 0: return Data()
    case 1: return Data("null".utf8)
    case 2: return Data(String(repeating: "[", count: 100_000).utf8)
    case 3:
      return Data(
        "{\"format\": \"AppShell state\", \"version\": 1, \"state\": \(deepArray(5_000))}".utf8)
    case 4:
      return Data(
        (0..<generator.int(in: 1...2_000)).map { _ in
          UInt8(generator.int(in: 0...255))
        })
    default: return Data("\u{FEFF}{}".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
    }
  }

  private static func deepArray(_ depth: Int) -> String {
    String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
  }

  /// Values that stress a decoder and the code that uses what it decoded.
  static func oddValue(using generator: inout SplitMix64) -> Any {
    generator.pick(
      [
        Int.max, Int.min, Int.max - 1, -1, 0, 1, 99, 100, 101, 1_000_000_007,
        Double.greatestFiniteMagnitude, 0.5, -0.0, 1e-300,
        "", " ", "🙂", String(repeating: "x", count: 20_000), "null", "\u{0}",
        NSNull(), true, false, [Any](), [String: Any](), [1, 2, 3], ["": 1],
      ] as [Any])
  }

  /// Parses `good` as JSON, changes one to three values somewhere in it, and serializes it.
  static func damagedJSON(_ good: Data, using generator: inout SplitMix64) -> Data? {
    guard var root = try? JSONSerialization.jsonObject(with: good) else { return nil }
    for _ in 0..<generator.int(in: 1...3) {
      root = mutate(root, depth: 0, using: &generator)
    }
    return try? JSONSerialization.data(withJSONObject: root, options: [.fragmentsAllowed])
  }

  private static func mutate(_ value: Any, depth: Int, using generator: inout SplitMix64)
    -> Any
  {
    // Go deeper most of the time, so that values deep in the state get changed too.
    let descends = depth < 12 && generator.chance(80)
    if var object = value as? [String: Any], !object.isEmpty {
      let key = generator.pick(object.keys.sorted())
      if descends, let child = object[key] {
        object[key] = mutate(child, depth: depth + 1, using: &generator)
      } else {
        switch generator.int(in: 0..<4) {
        case 0: object[key] = nil
        case 1: object["unexpected"] = oddValue(using: &generator)
        default: object[key] = oddValue(using: &generator)
        }
      }
      return object
    }
    if var array = value as? [Any], !array.isEmpty {
      let index = generator.int(in: 0..<array.count)
      if descends {
        array[index] = mutate(array[index], depth: depth + 1, using: &generator)
      } else {
        switch generator.int(in: 0..<3) {
        case 0: array.remove(at: index)
        case 1: array.append(array[index])
        default: array[index] = oddValue(using: &generator)
        }
      }
      return array
    }
    return oddValue(using: &generator)
  }
}
