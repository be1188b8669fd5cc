import Foundation

/// A recording read back from the JSON Lines a ``SessionRecorder`` wrote, checked line by line,
/// ready to replay with ``replay(from:reducer:)``.
///
/// ```swift
/// let recording = try Recording<AppFeature.State, AppFeature.Action>(
///   contentsOf: sessionURL)
/// let finalState = try recording.replay { AppFeature() }
/// ```
///
/// Reading refuses the whole file at its first bad line, naming it: a line cut short (what a
/// crash leaves), another format version, a line that is not JSON, or an action that no longer
/// decodes. An empty file, a file that is not a recording and a file that cannot be read get
/// errors of their own (``RecordingError``).
///
/// A recording streams: reading checks the file line by line and keeps only its header, and a
/// replay reads the file again as it goes, so memory does not grow with the session's length.
/// (A short recording keeps its lines, decoded, and a replay reads nothing again.)
///
/// ``prefix(_:)``, ``dropLast(_:)`` and ``prefix(while:)`` give the first actions of a
/// recording: replaying one of those stops there, so a test can go on from just before the
/// action a bug report ends with.
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

  /// A line after the header.
  enum Entry {
    case step(Step)
    case checkpoint(Checkpoint)
  }

  /// Where the recording's bytes are.
  enum Origin {
    case file(URL)
    case data(Data)
  }

  /// Where the recording was read from, for messages.
  public let source: String
  /// The initial state, when the header holds it; its stacks' elements have the ids they had
  /// in the session.
  public let initialState: State?
  /// The fingerprint of the initial state.
  let initialFingerprint: String
  /// How many actions a replay reduces: all those recorded, or the first ones of a prefix.
  public private(set) var actionCount: Int
  /// Whether the recording has its end line; a session that crashed has none, and a replay
  /// then stops after the last action that was written.
  public let isComplete: Bool
  let origin: Origin
  /// The lines after the header, decoded, when the recording is short enough to keep them.
  let kept: [Entry]?

  /// The size up to which a recording keeps its decoded lines: a replay of it then decodes
  /// nothing again. Longer recordings are read again by each replay, in constant memory.
  static var keptBytes: Int { 4 << 20 }

  /// Reads the recording in the file at `url`.
  ///
  /// A recording longer than 4 MB keeps no decoded lines: ``steps``, ``actions``,
  /// ``prefix(while:)`` and each replay read the file again. If it was cut or replaced since,
  /// they throw ``RecordingError/unreadable(path:reason:)`` saying so, rather than answer with
  /// what is left.
  ///
  /// - Complexity: O(n) in the length of the file, in memory that does not grow with it.
  /// - Throws: ``RecordingError`` naming the first line that cannot be read.
  public init(contentsOf url: URL) throws(RecordingError) {
    // Asked first: reading a path that is missing or a directory only to fail is slower to
    // say so.
    var isDirectory: ObjCBool = false
    guard unsafe FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
      throw .unreadable(path: url.path, reason: "no file is there")
    }
    if isDirectory.boolValue {
      throw .unreadable(path: url.path, reason: "it is a directory, not a file")
    }
    try self.init(origin: .file(url), source: url.path)
  }

  /// Reads a recording from `data`; `source` names it in messages.
  ///
  /// - Throws: ``RecordingError`` naming the first line that cannot be read.
  public init(data: Data, source: String) throws(RecordingError) {
    try self.init(origin: .data(data), source: source)
  }

  private init(origin: Origin, source: String) throws(RecordingError) {
    self.origin = origin
    self.source = source
    var reader = try Self.reader(for: origin, source: source)
    defer { reader.close() }
    let header = try Self.readHeader(&reader, source: source)
    initialState = header.state
    initialFingerprint = header.fingerprint
    var kept: [Entry]? = []
    var bytes = 0
    let summary = try Self.readEntries(&reader, source: source) { entry, size in
      bytes += size
      if bytes > Self.keptBytes { kept = nil }
      kept?.append(entry)
      return true
    }
    actionCount = summary.actionCount
    isComplete = summary.isComplete
    self.kept = kept
  }

  /// The recorded actions and their generator values, in order (those of the prefix, for a
  /// prefix).
  ///
  /// - Complexity: O(n): the whole recording, in memory. A replay needs none of it.
  /// - Throws: ``RecordingError`` when the file can no longer be read as it was.
  public var steps: [Step] {
    get throws(RecordingError) {
      var steps: [Step] = []
      try forEachEntry { entry in
        if case .step(let step) = entry { steps.append(step) }
        return true
      }
      return steps
    }
  }

  /// The recorded actions, in order (those of the prefix, for a prefix).
  ///
  /// - Complexity: O(n): the whole recording, in memory.
  /// - Throws: ``RecordingError`` when the file can no longer be read as it was.
  public var actions: [Action] {
    get throws(RecordingError) { try steps.map(\.action) }
  }

  /// The recording of its first `count` actions: a replay of it stops after action `count`,
  /// having checked the checkpoints up to there.
  ///
  /// ```swift
  /// // The session up to, not including, the action it ends with:
  /// let store = try TestStore(replaying: recording.dropLast()) { AppFeature() }
  /// ```
  public func prefix(_ count: Int) -> Recording {
    var prefix = self
    prefix.actionCount = min(actionCount, max(0, count))
    return prefix
  }

  /// The recording of all but its last `count` actions.
  public func dropLast(_ count: Int = 1) -> Recording {
    prefix(actionCount - max(0, count))
  }

  /// The recording of its actions before the first one for which `isIncluded` returns
  /// `false`: up to, and not including, that action.
  ///
  /// ```swift
  /// let beforeSubmitting = try recording.prefix { $0 != .orders(.submitTapped) }
  /// ```
  ///
  /// - Throws: ``RecordingError`` when the file can no longer be read as it was.
  public func prefix(while isIncluded: (Action) -> Bool) throws(RecordingError) -> Recording {
    var count = 0
    try forEachEntry { entry in
      guard case .step(let step) = entry else { return true }
      guard isIncluded(step.action) else { return false }
      count += 1
      return true
    }
    return prefix(count)
  }

  /// Calls `body` with each line after the header, in order, up to the last action of this
  /// recording (or prefix) and the checkpoints that follow it directly, until `body` returns
  /// `false`.
  func forEachEntry(_ body: (Entry) -> Bool) throws(RecordingError) {
    let limit = actionCount
    func visit(_ entry: Entry) -> Bool {
      if case .step(let step) = entry, step.index > limit { return false }
      return body(entry)
    }
    if let kept {
      for entry in kept {
        if !visit(entry) { return }
      }
      return
    }
    // Read again: the file may have been cut or replaced since it was first read. What that
    // read found (the initial state's fingerprint, how many actions, the end line) is what a
    // second read must find again, or it answers with a different session.
    var reader = try Self.reader(for: origin, source: source)
    defer { reader.close() }
    let header = try Self.readHeader(&reader, source: source)
    guard header.fingerprint == initialFingerprint else {
      throw changedSinceRead("its header names another initial state")
    }
    var stopped = false
    let summary = try Self.readEntries(&reader, source: source) { entry, _ in
      if visit(entry) { return true }
      stopped = true
      return false
    }
    if stopped { return }
    if summary.actionCount < limit {
      throw changedSinceRead(
        "it now holds \(summary.actionCount) actions, where \(limit) were read at first")
    }
    if isComplete, !summary.isComplete { throw changedSinceRead("its end line is gone") }
  }

  /// The error for a file that no longer holds the recording first read from it.
  private func changedSinceRead(_ what: String) -> RecordingError {
    .unreadable(
      path: source,
      reason: "it changed since it was first read: \(what). Read it again with "
        + "`Recording(contentsOf:)`")
  }

  private static func reader(
    for origin: Origin, source: String
  ) throws(RecordingError) -> RecordingLineReader {
    switch origin {
    case .data(let data):
      if data.isEmpty { throw .empty(path: source) }
      return RecordingLineReader(data: data)
    case .file(let url):
      do {
        return try RecordingLineReader(fileAt: url)
      } catch {
        throw .unreadable(
          path: source, reason: "it cannot be read (\((error as NSError).localizedDescription))")
      }
    }
  }
}
