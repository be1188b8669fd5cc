import Foundation

/// Reading a recording's lines: the header, then the actions and checkpoints, each checked.
extension Recording {
  /// What reading the lines after the header found.
  struct Summary {
    var actionCount = 0
    var isComplete = false
  }

  /// How many lines are decoded together: decoding line by line costs a decoder set-up per
  /// line, decoding the whole file at once holds all of it.
  private static var batchSize: Int { 256 }

  /// Reads and checks the header line.
  static func readHeader(
    _ reader: inout RecordingLineReader, source: String
  ) throws(RecordingError) -> (state: State?, fingerprint: String) {
    guard let first = try nextLine(&reader, source: source) else { throw .empty(path: source) }
    let decoder = JSONDecoder()
    // The first fields alone first: a file that is not a recording is refused as such, another
    // version as such, not as a state that does not decode.
    let prefix = try? decoder.decode(RecordingHeaderPrefix.self, from: first.bytes)
    guard let prefix, prefix.kind == "header", prefix.format == RecordingFormat.name else {
      // A line cut short is the file's last: a recording stopped while writing its header.
      if !first.isWhole, isJSONPrefix(first.bytes) { throw .truncated(path: source, line: 1) }
      throw .notARecording(path: source)
    }
    if prefix.version != RecordingFormat.version {
      throw .unsupportedVersion(
        path: source, line: 1, found: prefix.version ?? 0, supported: RecordingFormat.version)
    }
    if !first.isWhole { throw .truncated(path: source, line: 1) }
    if let ids = prefix.stackIDs {
      decoder.userInfo[RecordedStackIDs.key] = RecordedStackIDs(feeding: ids)
    }
    // The prefix said `header`, so the line decodes as one or not at all.
    guard
      case .header(_, let fingerprint, let state) = try decodeLine(
        first.bytes, number: 1, source: source, decoder: decoder)
    else { throw .notARecording(path: source) }
    return (state, fingerprint)
  }

  /// Reads the lines after the header, checks each, and calls `body` with each entry and the
  /// size of its line, in order, until it returns `false`.
  ///
  /// A cut last line is reported after the whole lines before it: the first bad line is named,
  /// wherever it is.
  static func readEntries(
    _ reader: inout RecordingLineReader, source: String, _ body: (Entry, Int) -> Bool
  ) throws(RecordingError) -> Summary {
    let decoder = JSONDecoder()
    var summary = Summary()
    var batch: [(bytes: Data, number: Int)] = []
    batch.reserveCapacity(batchSize)
    // Decodes and checks the batch; `false` once `body` asked to stop.
    func flush() throws(RecordingError) -> Bool {
      defer { batch.removeAll(keepingCapacity: true) }
      let lines = try decodeBatch(batch, source: source, decoder: decoder)
      for (line, read) in zip(lines, batch) {
        let entry = try summary.check(line, number: read.number, source: source)
        if !body(entry, read.bytes.count) { return false }
      }
      return true
    }
    while let line = try nextLine(&reader, source: source) {
      guard line.isWhole else {
        if try !flush() { return summary }
        throw .truncated(path: source, line: reader.lineNumber)
      }
      batch.append((line.bytes, reader.lineNumber))
      if batch.count == batchSize, try !flush() { return summary }
    }
    _ = try flush()
    return summary
  }

  private static func nextLine(
    _ reader: inout RecordingLineReader, source: String
  ) throws(RecordingError) -> (bytes: Data, isWhole: Bool)? {
    do {
      return try reader.next()
    } catch {
      throw .unreadable(
        path: source, reason: "it cannot be read (\((error as NSError).localizedDescription))")
    }
  }

  /// Decodes the lines of `batch` as one JSON array or, when that fails, line by line to name
  /// the first bad one.
  private static func decodeBatch(
    _ batch: [(bytes: Data, number: Int)], source: String, decoder: JSONDecoder
  ) throws(RecordingError) -> [RecordingLine<State, Action>] {
    if batch.isEmpty { return [] }
    var array = Data("[".utf8)
    for (offset, line) in batch.enumerated() {
      if offset > 0 { array.append(UInt8(ascii: ",")) }
      array.append(line.bytes)
    }
    array.append(UInt8(ascii: "]"))
    if let decoded = try? decoder.decode([RecordingLine<State, Action>].self, from: array),
      decoded.count == batch.count
    {
      return decoded
    }
    var decoded: [RecordingLine<State, Action>] = []
    for line in batch {
      decoded.append(
        try decodeLine(line.bytes, number: line.number, source: source, decoder: decoder))
    }
    return decoded
  }

  private static func decodeLine(
    _ bytes: Data, number: Int, source: String, decoder: JSONDecoder
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

  private static func isJSONPrefix(_ bytes: Data) -> Bool {
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

extension Recording.Summary {
  /// Checks that `line` may come where it is and counts it; returns it as an entry.
  mutating func check(
    _ line: RecordingLine<State, Action>, number: Int, source: String
  ) throws(RecordingError) -> Recording.Entry {
    if isComplete {
      throw .badLine(path: source, line: number, reason: "it follows the end line.")
    }
    switch line {
    case .header:
      throw .badLine(path: source, line: number, reason: "a second header.")
    case .action(let index, let action, let uuids, let dates, let stackID):
      guard index == actionCount + 1 else {
        throw .badLine(
          path: source, line: number,
          reason: "expected action #\(actionCount + 1), found #\(index).")
      }
      actionCount += 1
      return .step(
        Recording.Step(
          index: actionCount, line: number, action: action, uuids: uuids, dates: dates,
          stackID: stackID))
    case .checkpoint(let after, let fingerprint, let state, let isEnd):
      guard after == actionCount else {
        throw .badLine(
          path: source, line: number,
          reason: "a checkpoint after action #\(after) follows action #\(actionCount).")
      }
      isComplete = isEnd
      return .checkpoint(
        Recording.Checkpoint(after: after, line: number, fingerprint: fingerprint, state: state))
    }
  }
}
