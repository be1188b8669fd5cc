import Foundation

/// One line of a recording, as the recorder writes it: a closed set of kinds, each holding
/// exactly the fields its line has, so a line missing one cannot be written.
///
/// The fields are written with sorted keys, as ``RecordingFormat/makeEncoder()`` encodes, so
/// that equal lines are equal bytes.
enum RecordedLine<Action: Encodable> {
  /// The first line: format, version, checkpoint interval, the initial state's fingerprint
  /// and, when `includesState`, the state and the ids of the stack screens it starts on.
  case header(checkpointInterval: Int, stateData: Data, stackIDs: [Int], includesState: Bool)
  /// One reduced action, with the generator values it used and, when something other than an
  /// action moved the stack element id counter, where that counter stood.
  case action(index: Int, action: Action, uuids: [UUID], dates: [Date], stackID: Int?)
  /// The state's fingerprint after `after` actions (and the state, when `includesState`); the
  /// end line when `isEnd`.
  case checkpoint(after: Int, stateData: Data, includesState: Bool, isEnd: Bool)

  /// Appends the line and its newline to `bytes`.
  ///
  /// - Throws: The error encoding an action threw; `bytes` is unchanged then.
  func append(to bytes: inout Data, encoder: JSONEncoder) throws {
    switch self {
    case .header(let interval, let stateData, let stackIDs, let includesState):
      var fields = [
        "\"kind\":\"header\"", "\"format\":\"\(RecordingFormat.name)\"",
        "\"version\":\(RecordingFormat.version)", "\"checkpointInterval\":\(interval)",
        "\"fingerprint\":\"\(RecordingFormat.fingerprint(of: stateData))\"",
      ]
      if includesState {
        if !stackIDs.isEmpty {
          fields.append("\"stackIDs\":[" + stackIDs.map(String.init).joined(separator: ",") + "]")
        }
        fields.append("\"state\":" + String(decoding: stateData, as: UTF8.self))
      }
      bytes.append(Data(("{" + fields.joined(separator: ",") + "}").utf8))
    case .action(let index, let action, let uuids, let dates, let stackID):
      let line = ActionFields(
        index: index, action: action, uuids: uuids.isEmpty ? nil : uuids,
        dates: dates.isEmpty ? nil : dates.map(\.timeIntervalSinceReferenceDate),
        stackID: stackID)
      bytes.append(try encoder.encode(line))
    case .checkpoint(let after, let stateData, let includesState, let isEnd):
      var fields = [
        "\"kind\":\"\(isEnd ? "end" : "checkpoint")\"", "\"after\":\(after)",
        "\"fingerprint\":\"\(RecordingFormat.fingerprint(of: stateData))\"",
      ]
      if includesState {
        fields.append("\"state\":" + String(decoding: stateData, as: UTF8.self))
      }
      bytes.append(Data(("{" + fields.joined(separator: ",") + "}").utf8))
    }
    bytes.append(UInt8(ascii: "\n"))
  }

  /// An action line's fields, encoded by the encoder (the action is the app's `Codable` type).
  private struct ActionFields: Encodable {
    let kind = "action"
    var index: Int
    var action: Action
    var uuids: [UUID]?
    var dates: [Double]?
    var stackID: Int?
  }
}
