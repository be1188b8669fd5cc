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

/// One line of a recording, as read back: a closed set of kinds, each holding exactly the
/// fields its line has (the reading side of ``RecordedLine``), so the reader matches on the
/// kind and never meets a field that is not there.
///
/// Decoding checks the fields a kind needs: a line without one is refused, naming the kind and
/// the field, before anything reads it.
enum RecordingLine<State: Decodable, Action: Decodable>: Decodable {
  /// The first line: its checkpoint interval, the initial state's fingerprint, and the state
  /// when the recording includes it.
  case header(checkpointInterval: Int?, fingerprint: String, state: State?)
  /// One reduced action, with the generator values it used and, when something other than an
  /// action moved the stack element id counter, where that counter stood.
  case action(index: Int, action: Action, uuids: [UUID], dates: [Date], stackID: Int?)
  /// The state's fingerprint after `after` actions (and the state, when included); the end
  /// line when `isEnd`.
  case checkpoint(after: Int, fingerprint: String, state: State?, isEnd: Bool)

  /// A field the line's kind needs and the line does not have.
  struct MissingField: Error, CustomStringConvertible {
    let kind: String
    let field: String

    var description: String { "a line of kind '\(kind)' has no '\(field)'" }
  }

  private enum Kind: String, Decodable {
    case header, action, checkpoint, end
  }

  private enum CodingKeys: String, CodingKey {
    case kind, checkpointInterval, index, action, uuids, dates, stackID, after, fingerprint, state
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let kind = try container.decode(Kind.self, forKey: .kind)
    func required<Value: Decodable>(_ type: Value.Type, _ key: CodingKeys) throws -> Value {
      guard container.contains(key) else {
        throw MissingField(kind: kind.rawValue, field: key.stringValue)
      }
      return try container.decode(type, forKey: key)
    }
    switch kind {
    case .header:
      self = .header(
        checkpointInterval: try container.decodeIfPresent(Int.self, forKey: .checkpointInterval),
        fingerprint: try required(String.self, .fingerprint),
        state: try container.decodeIfPresent(State.self, forKey: .state))
    case .action:
      self = .action(
        index: try required(Int.self, .index), action: try required(Action.self, .action),
        uuids: try container.decodeIfPresent([UUID].self, forKey: .uuids) ?? [],
        dates: (try container.decodeIfPresent([Double].self, forKey: .dates) ?? [])
          .map(Date.init(timeIntervalSinceReferenceDate:)),
        stackID: try container.decodeIfPresent(Int.self, forKey: .stackID))
    case .checkpoint, .end:
      self = .checkpoint(
        after: try required(Int.self, .after), fingerprint: try required(String.self, .fingerprint),
        state: try container.decodeIfPresent(State.self, forKey: .state), isEnd: kind == .end)
    }
  }
}
