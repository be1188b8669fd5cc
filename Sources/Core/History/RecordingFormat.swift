import Foundation

/// The JSON Lines format of a recording: the constants and the coders both sides share.
enum RecordingFormat {
  /// The `format` field of a header line.
  static let name = "scoped-store-recording"
  /// The version this build writes and reads.
  static let version = 1

  /// The encoder of lines and fingerprints: sorted keys, so that equal values encode to the
  /// same bytes.
  static func makeEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// The fingerprint of an encoded state: FNV-1a (64 bits) of its bytes, in hex.
  ///
  /// - Complexity: O(n) in the size of `bytes`.
  static func fingerprint(of bytes: Data) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    let text = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - text.count) + text
  }
}

/// The first fields of a header line, read before the rest so that another version is refused
/// as such, not as a state that does not decode.
struct RecordingHeaderPrefix: Decodable {
  var kind: String?
  var format: String?
  var version: Int?
  /// The ids of the initial state's stack elements, in encoding order (see
  /// ``RecordedStackIDs``); needed before the state is decoded.
  var stackIDs: [Int]?
}

/// One line of a recording, as read back; which fields are set depends on `kind`.
struct RecordingLine<State: Decodable, Action: Decodable>: Decodable {
  enum Kind: String, Decodable {
    case header, action, checkpoint, end
  }

  var kind: Kind
  // header
  var checkpointInterval: Int?
  // action
  var index: Int?
  var action: Action?
  var uuids: [UUID]?
  var dates: [Double]?
  var stackID: Int?
  // header, checkpoint, end
  var after: Int?
  var fingerprint: String?
  var state: State?
}
