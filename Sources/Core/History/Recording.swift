import Foundation

/// A recording read back from the JSON Lines a ``SessionRecorder`` wrote, checked line by line,
/// ready to replay with ``replay(from:reducer:)``.
///
/// ```swift
/// let recording = try Recording<AppFeature.State, AppFeature.Action>(
///   contentsOf: URL(filePath: "session.jsonl"))
/// let finalState = try recording.replay { AppFeature() }
/// ```
///
/// Reading refuses the whole file at its first bad line, naming it: a line cut short (what a
/// crash leaves), another format version, a line that is not JSON, or an action that no longer
/// decodes. An empty file, a file that is not a recording and a file that cannot be read get
/// errors of their own (``RecordingError``).
public struct Recording<State: Codable, Action: Codable> {
  /// One recorded action and the generator values the reducer used while reducing it.
  public struct Step {
    /// The action's number: 1 for the first one recorded.
    public var index: Int
    /// The line of the file it was read from.
    public var line: Int
    /// The action.
    public var action: Action
    /// What the `uuid` dependency returned while it was reduced, in order.
    public var uuids: [UUID]
    /// What the `date` dependency returned while it was reduced, in order.
    public var dates: [Date]
    /// Where the stack element id counter stood before it, when that was not where the
    /// previous action left it.
    var stackID: Int?
  }

  /// A state fingerprint recorded after an action (and at the end).
  struct Checkpoint {
    var after: Int
    var line: Int
    var fingerprint: String
    var state: State?
  }

  /// Where the recording was read from, for messages.
  public let source: String
  /// The initial state, when the header holds it.
  public let initialState: State?
  /// The fingerprint of the initial state.
  let initialFingerprint: String
  /// The recorded actions, in the order the root reduced them.
  public let steps: [Step]
  /// The checkpoints, in order.
  let checkpoints: [Checkpoint]
  /// Whether the recording has its end line; a session that crashed has none, and a replay
  /// then stops after the last action that was written.
  public let isComplete: Bool

  /// Reads the recording in the file at `url`.
  ///
  /// - Throws: ``RecordingError`` naming the first line that cannot be read.
  public init(contentsOf url: URL) throws(RecordingError) {
    // Asked first: reading a path that is missing or a directory only to fail is slower to
    // say so.
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
      throw .unreadable(path: url.path, reason: "no file is there")
    }
    if isDirectory.boolValue {
      throw .unreadable(path: url.path, reason: "it is a directory, not a file")
    }
    let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size]) as? Int
    if size == 0 { throw .empty(path: url.path) }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      let reason =
        FileManager.default.fileExists(atPath: url.path)
        ? "it cannot be read (\((error as NSError).localizedDescription))"
        : "no file is there"
      throw .unreadable(path: url.path, reason: reason)
    }
    try self.init(data: data, source: url.path)
  }

  /// Reads a recording from `data`; `source` names it in messages.
  ///
  /// - Throws: ``RecordingError`` naming the first line that cannot be read.
  public init(data: Data, source: String) throws(RecordingError) {
    self.source = source
    if data.isEmpty { throw .empty(path: source) }
    let endsWithNewline = data.last == UInt8(ascii: "\n")
    var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    if endsWithNewline { lines.removeLast() }
    let decoder = JSONDecoder()
    // The header first: a file that is not a recording is refused as such.
    let prefix = try? decoder.decode(RecordingHeaderPrefix.self, from: lines[0])
    guard let prefix, prefix.kind == "header", prefix.format == RecordingFormat.name else {
      if lines.count == 1, !endsWithNewline, Self.isJSONPrefix(lines[0]) {
        throw .truncated(path: source, line: 1)
      }
      throw .notARecording(path: source)
    }
    if prefix.version != RecordingFormat.version {
      throw .unsupportedVersion(
        path: source, line: 1, found: prefix.version ?? 0, supported: RecordingFormat.version)
    }
    // A cut last line is reported after the whole lines before it: the first bad line is
    // named, wherever it is.
    if !endsWithNewline, lines.count == 1 { throw .truncated(path: source, line: 1) }
    let header = try Self.decodeLine(lines[0], number: 1, source: source, decoder: decoder)
    guard let fingerprint = header.fingerprint else {
      throw .badLine(path: source, line: 1, reason: "the header has no 'fingerprint'.")
    }
    initialState = header.state
    initialFingerprint = fingerprint
    let whole = endsWithNewline ? lines.dropFirst() : lines.dropFirst().dropLast()
    let decoded = try Self.decodeLines(whole, source: source, decoder: decoder)
    var steps: [Step] = []
    var checkpoints: [Checkpoint] = []
    var isComplete = false
    for (offset, line) in decoded.enumerated() {
      let number = offset + 2
      if isComplete {
        throw .badLine(path: source, line: number, reason: "it follows the end line.")
      }
      switch line.kind {
      case .header:
        throw .badLine(path: source, line: number, reason: "a second header.")
      case .action:
        guard let action = line.action, line.index == steps.count + 1 else {
          throw .badLine(
            path: source, line: number,
            reason: "expected action #\(steps.count + 1) (a missing 'action' or a wrong 'index').")
        }
        steps.append(
          Step(
            index: steps.count + 1, line: number, action: action, uuids: line.uuids ?? [],
            dates: (line.dates ?? []).map(Date.init(timeIntervalSinceReferenceDate:)),
            stackID: line.stackID))
      case .checkpoint, .end:
        guard let after = line.after, after == steps.count, let fingerprint = line.fingerprint
        else {
          throw .badLine(
            path: source, line: number,
            reason: "a checkpoint that does not follow action #\(steps.count) or has no "
              + "fingerprint.")
        }
        checkpoints.append(
          Checkpoint(after: after, line: number, fingerprint: fingerprint, state: line.state))
        isComplete = line.kind == .end
      }
    }
    if !endsWithNewline { throw .truncated(path: source, line: lines.count) }
    self.steps = steps
    self.checkpoints = checkpoints
    self.isComplete = isComplete
  }

  /// The recorded actions, in order.
  public var actions: [Action] { steps.map(\.action) }

  /// Decodes the lines after the header: all at once, as one JSON array (decoding line by
  /// line costs a decoder set-up per line), or, when that fails, line by line to name the
  /// first bad one.
  private static func decodeLines(
    _ lines: ArraySlice<Data.SubSequence>, source: String, decoder: JSONDecoder
  ) throws(RecordingError) -> [RecordingLine<State, Action>] {
    var array = Data("[".utf8)
    for (offset, line) in lines.enumerated() {
      if offset > 0 { array.append(UInt8(ascii: ",")) }
      array.append(contentsOf: line)
    }
    array.append(UInt8(ascii: "]"))
    if let decoded = try? decoder.decode([RecordingLine<State, Action>].self, from: array),
      decoded.count == lines.count
    {
      return decoded
    }
    var decoded: [RecordingLine<State, Action>] = []
    for (offset, bytes) in lines.enumerated() {
      decoded.append(
        try decodeLine(bytes, number: offset + 2, source: source, decoder: decoder))
    }
    return decoded
  }

  private static func decodeLine(
    _ bytes: Data.SubSequence, number: Int, source: String, decoder: JSONDecoder
  ) throws(RecordingError) -> RecordingLine<State, Action> {
    do {
      return try decoder.decode(RecordingLine<State, Action>.self, from: bytes)
    } catch {
      guard (try? JSONSerialization.jsonObject(with: bytes)) != nil else {
        throw .badLine(path: source, line: number, reason: "it is not valid JSON.")
      }
      throw .badLine(path: source, line: number, reason: describe(error))
    }
  }

  private static func isJSONPrefix(_ bytes: Data.SubSequence) -> Bool {
    bytes.first == UInt8(ascii: "{") && (try? JSONSerialization.jsonObject(with: bytes)) == nil
  }

  /// A decoding error as one sentence naming the field.
  static func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)." }
    func path(_ context: DecodingError.Context) -> String {
      let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
      return path.isEmpty ? "the line" : "'\(path.joined(separator: "."))'"
    }
    switch error {
    case .keyNotFound(let key, let context):
      return "\(path(context)) has no '\(key.stringValue)' (it no longer decodes as "
        + "\(Action.self) or \(State.self))."
    case .typeMismatch(_, let context), .valueNotFound(_, let context),
      .dataCorrupted(let context):
      return "\(path(context)) does not decode: \(context.debugDescription)"
    @unknown default:
      return "\(error)."
    }
  }
}
