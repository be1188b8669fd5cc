import Foundation

/// What an inspector page shows of a session, built by replaying its recording with the
/// reducer: for each step the action as the framework prints it, its case, what its effect
/// did, its undo group, the framework's diff and the edits to the state's JSON; the whole
/// state only every ``checkpointSpacing`` steps. The page rebuilds any other step's state from
/// the checkpoint before it and the edits since.
struct InspectorTrace {
  /// Steps between two whole states held in the page. Rebuilding a step's state applies at
  /// most this many steps' edits, which a browser does in well under a frame.
  static var checkpointSpacing: Int { 500 }

  /// What a step did, as bits of ``Step/flags``.
  struct Flags: OptionSet {
    let rawValue: Int
    /// Its effect started asynchronous work (`.run`, or a throttled or delayed delivery).
    static let startedWork = Flags(rawValue: 1)
    /// Its effect sent actions at once (`.send`).
    static let sentActions = Flags(rawValue: 2)
    static let undo = Flags(rawValue: 4)
    static let redo = Flags(rawValue: 8)
    static let beginsGroup = Flags(rawValue: 16)
    static let endsGroup = Flags(rawValue: 32)
    /// The state changed.
    static let changedState = Flags(rawValue: 64)
    /// The recording holds a checkpoint after it.
    static let recordedCheckpoint = Flags(rawValue: 128)
    /// The reducer asked for more or fewer generator values than were recorded with it.
    static let generatorMismatch = Flags(rawValue: 256)
  }

  /// The page's data, as JSON text (not yet made safe to embed in HTML).
  let json: String
  /// The number of steps replayed.
  let stepCount: Int

  /// Replays `recording` from `state` with `reduce`, step by step.
  ///
  /// - Parameter progress: Called with the number of steps done, every few thousand steps
  ///   and at the end.
  init<State: Codable & Equatable, Action: Codable>(
    _ recording: Recording<State, Action>, from initial: State,
    reduce: (inout State, Action) -> Effect<Action>, header: String,
    progress: ((Int) -> Void)?
  ) throws(RecordingError) {
    let encoder = RecordingFormat.makeEncoder()
    var state = initial
    func encoded(_ state: State) -> [UInt8] {
      (try? encoder.encode(state)).map { Array($0) } ?? Array("null".utf8)
    }
    var bytes = encoded(state)
    var outline = JSONOutline(bytes)
    var checkpoints = ["[0," + String(decoding: bytes, as: UTF8.self) + "]"]
    var steps: [String] = []
    steps.reserveCapacity(recording.actionCount)
    var recordedCheckpoints: [Int] = []

    let feed = ReplayFeed()
    var dependencies = DependencyValues.current
    dependencies.uuid = feed.uuid
    dependencies.date = feed.date
    let highest = (try? RecordedStackIDs.collect(in: state, encoder))?.ids.max() ?? -1
    dependencies.stackElementIDs = StackElementIDGenerator(
      next: highest < Int.max ? highest + 1 : highest)
    // The actions effects sent at once, with the step that sent them, in delivery order.
    var pendingSends: [(text: String, from: Int)] = []
    var cases: [String: Int] = [:]
    func caseNumber(_ name: String) -> Int {
      if let index = cases[name] { return index }
      cases[name] = cases.count
      return cases.count - 1
    }
    var stepCount = 0
    var group = 0
    var groupDepth = 0
    var groupCount = 0
    try recording.forEachEntry { entry in
      switch entry {
      case .checkpoint(let checkpoint):
        if checkpoint.after > 0 { recordedCheckpoints.append(checkpoint.after) }
      case .step(let step):
        if let stackID = step.stackID {
          dependencies.stackElementIDs = StackElementIDGenerator(next: stackID)
        }
        feed.load(uuids: step.uuids, dates: step.dates)
        let old = state
        let effect = DependencyValues.$current.withValue(dependencies) {
          reduce(&state, step.action)
        }
        var flags: Flags = []
        if feed.mismatch() != nil { flags.insert(.generatorMismatch) }
        let text = ValueDescription.ofAction(step.action)
        var fedBackBy = 0
        if let match = pendingSends.firstIndex(where: { $0.text == text }) {
          fedBackBy = pendingSends[match].from
          pendingSends.removeSubrange(...match)
        }
        var sends: [Action] = []
        Self.summarize(effect, sends: &sends, flags: &flags, isAtOnce: true)
        pendingSends += sends.map { (ValueDescription.ofAction($0), step.index) }
        switch Self.undoAction(in: step.action, depth: 0) {
        case .beginGroup?:
          flags.insert(.beginsGroup)
          if groupDepth == 0 {
            groupCount += 1
            group = groupCount
          }
          groupDepth += 1
        case .endGroup?:
          flags.insert(.endsGroup)
        case .undo?: flags.insert(.undo)
        case .redo?: flags.insert(.redo)
        case nil: break
        }
        let stepGroup = groupDepth > 0 ? group : 0
        if flags.contains(.endsGroup) {
          groupDepth = max(0, groupDepth - 1)
        }
        var diff = ""
        var edits: [String] = []
        if state != old {
          flags.insert(.changedState)
          diff = StateDiff.lines(old, state) ?? ""
          let newBytes = encoded(state)
          if newBytes != bytes {
            let newOutline = JSONOutline(newBytes)
            if let outline, let newOutline {
              edits = JSONOutline.edits(from: outline, to: newOutline)
            } else {
              edits = ["[0,[]," + String(decoding: newBytes, as: UTF8.self) + "]"]
            }
            bytes = newBytes
            outline = newOutline
          }
        }
        if step.index % Self.checkpointSpacing == 0 {
          checkpoints.append("[\(step.index)," + String(decoding: bytes, as: UTF8.self) + "]")
        }
        let caseIndex = caseNumber(Self.casePath(of: step.action))
        steps.append(
          "[" + Self.quoted(text) + ",\(caseIndex),\(flags.rawValue),\(fedBackBy),\(stepGroup),"
            + Self.quoted(diff) + ",[" + edits.joined(separator: ",") + "]]")
        stepCount = step.index
        if step.index % 4096 == 0 { progress?(step.index) }
      }
      return true
    }
    progress?(stepCount)
    self.stepCount = stepCount
    var caseNames = [String](repeating: "", count: cases.count)
    for (name, index) in cases { caseNames[index] = name }
    json =
      "{" + header + ",\"recordedCheckpoints\":["
      + recordedCheckpoints.map(String.init).joined(separator: ",") + "],\"cases\":["
      + caseNames.map(Self.quoted).joined(separator: ",") + "],\"checkpoints\":["
      + checkpoints.joined(separator: ",") + "],\"steps\":[" + steps.joined(separator: ",\n")
      + "]}"
  }

  /// Collects the actions `effect` sends at once, and notes the work it starts.
  private static func summarize<Action>(
    _ effect: Effect<Action>, sends: inout [Action], flags: inout Flags, isAtOnce: Bool
  ) {
    switch effect.operation {
    case .none, .cancel, .cancelChildren, .endMissingChildren:
      break
    case .send(let action):
      if isAtOnce {
        sends.append(action)
        flags.insert(.sentActions)
      } else {
        flags.insert(.startedWork)
      }
    case .run:
      flags.insert(.startedWork)
    case .merge(let effects):
      for effect in effects { summarize(effect, sends: &sends, flags: &flags, isAtOnce: isAtOnce) }
    case .concatenate(let effects):
      // After asynchronous work, the rest of a concatenation waits for it.
      var atOnce = isAtOnce
      for effect in effects {
        summarize(effect, sends: &sends, flags: &flags, isAtOnce: atOnce)
        if !effect.isSynchronous { atOnce = false }
      }
    case .cancellable(_, _, let effect), .child(_, let effect):
      summarize(effect, sends: &sends, flags: &flags, isAtOnce: isAtOnce)
    case .throttle(_, let effect):
      summarize(effect, sends: &sends, flags: &flags, isAtOnce: false)
    }
  }

  /// The ``UndoAction`` an action carries, looked for in its cases' payloads.
  private static func undoAction(in value: Any, depth: Int) -> UndoAction? {
    if let action = value as? UndoAction { return action }
    guard depth < 8 else { return nil }
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .enum || mirror.displayStyle == .tuple,
      mirror.children.count == 1, let child = mirror.children.first
    else { return nil }
    return undoAction(in: child.value, depth: depth + 1)
  }

  /// The cases an action is made of, outermost first: `orders.view.submitButtonTapped`.
  static func casePath(of action: Any) -> String {
    let names = ActionCaseNames.of(action, limit: 12, throughSingleValues: true)
    return names.isEmpty
      ? ValueDescription.typeName(of: type(of: action)) : names.joined(separator: ".")
  }

  /// `text` as a JSON string.
  static func quoted(_ text: String) -> String {
    var result = "\""
    result.reserveCapacity(text.utf8.count + 2)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }
}
