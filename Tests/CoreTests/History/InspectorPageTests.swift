import CoreTesting
import Foundation
import Testing

@testable import Core

/// The inspector page a recording makes: what it holds, that recorded text stays text, that it
/// loads nothing, and that a browser can rebuild every step's state from what it holds.
@MainActor
@Suite struct InspectorPageTests {
  typealias TallyRecording = Recording<TallyFeature.State, TallyFeature.Action>

  /// Records `send` on a tally store, with a checkpoint every `interval` actions.
  func record(
    to file: TemporaryFile, interval: Int = 100,
    _ send: (Store<TallyFeature.State, TallyFeature.Action>) -> Void
  ) throws -> TallyRecording {
    let recorder = try SessionRecorder<TallyFeature.State, TallyFeature.Action>(
      fileAt: file.url, initialState: TallyFeature.State(),
      options: RecordingOptions(checkpointInterval: interval))
    let store = Store(initialState: TallyFeature.State(), recordingTo: recorder) { TallyFeature() }
    send(store)
    try recorder.finish()
    return try TallyRecording(contentsOf: file.url)
  }

  /// Writes `page` into the folder `INSPECTOR_PAGES` names, when it is set, for the
  /// headless-browser check (.ci/inspector-browser-check).
  func keep(_ page: InspectorPage, as name: String) throws {
    guard let folder = ProcessInfo.processInfo.environment["INSPECTOR_PAGES"] else { return }
    try page.write(to: URL(fileURLWithPath: folder).appendingPathComponent(name))
  }

  /// The page's data block, decoded.
  func data(of page: InspectorPage) throws -> [String: Any] {
    let start = try #require(page.html.range(of: #"<script type="application/json" id="data">"#))
    let end = try #require(
      page.html.range(of: "</script>", range: start.upperBound..<page.html.endIndex))
    let json = page.html[start.upperBound..<end.lowerBound]
    return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
  }

  @Test func recordedTextStaysTextAndCannotEndTheDataBlock() throws {
    let hostile = [
      "</script><script>alert(1)</script>", "<!-- <script>", "<img src=x onerror=alert(1)>",
      "\"quotes\" & 'apostrophes' &amp;", "line\u{2028}separator\u{2029}end",
      "bell\u{07} escape\u{1B}[31m nul\u{0}", String(repeating: "long ", count: 20_000),
    ]
    let file = TemporaryFile()
    let recording = try record(to: file) { store in
      for text in hostile { store.send(.noted(text)) }
    }

    let page = try recording.inspectorPage(with: TallyFeature(), title: "</title><b>x</b>")
    try keep(page, as: "hostile-text.html")

    // Only the page's own two scripts, and nothing from the recording between `<` and `>`.
    #expect(page.html.components(separatedBy: "<script").count == 3)
    #expect(page.html.components(separatedBy: "</script>").count == 3)
    #expect(!page.html.contains("<img") && !page.html.contains("<b>"))
    #expect(page.html.contains("<title>&lt;/title&gt;&lt;b&gt;x&lt;/b&gt; · recording inspector"))
    let steps = try #require(try data(of: page)["steps"] as? [[Any]])
    #expect(steps.count == hostile.count)
    for (step, text) in zip(steps, hostile) {
      #expect(step[0] as? String == ValueDescription.ofAction(TallyFeature.Action.noted(text)))
    }
    let dataBlock = try #require(page.html.components(separatedBy: "id=\"data\">").last)
      .components(separatedBy: "</script>")[0]
    for character in ["<", ">", "&", "\u{2028}", "\u{2029}"] {
      #expect(!dataBlock.contains(character), "\(character) is in the data block unescaped")
    }
  }

  @Test func thePolicyLetsOnlyThePagesOwnScriptAndStyleRunAndLoadsNothing() throws {
    let file = TemporaryFile()
    let recording = try record(to: file) { $0.send(.opened("list")) }
    let html = try recording.inspectorPage(with: TallyFeature()).html

    let script = InspectorHTML.script
    let style = InspectorHTML.style
    #expect(html.contains("<script>\(script)</script>") && html.contains("<style>\(style)</style>"))
    let policy =
      "default-src 'none'; script-src 'sha256-\(SHA256.base64Digest(of: Array(script.utf8)))'; "
      + "style-src 'sha256-\(SHA256.base64Digest(of: Array(style.utf8)))'; base-uri 'none'; "
      + "form-action 'none'"
    #expect(html.contains(#"<meta http-equiv="Content-Security-Policy" content="\#(policy)">"#))
    // Nothing the page could fetch: no address, no import, no resource attribute.
    for reference in [
      "http:", "https:", "://", "src=", "href=", "url(", "@import", "fetch(", "XMLHttpRequest",
      "innerHTML", "eval(", "new Function",
    ] {
      #expect(!html.contains(reference), "the page holds \(reference)")
    }
  }

  @Test func theDigestIsSHA256() {
    #expect(
      SHA256.base64Digest(of: Array("abc".utf8)) == "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=")
    #expect(
      SHA256.base64Digest(of: [UInt8]()) == "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")
    // Two blocks: the padding spills into a second one.
    #expect(
      SHA256.digest(of: Array(String(repeating: "a", count: 1_000_000).utf8)).prefix(4)
        == [0xcd, 0xc7, 0x6e, 0x5c])
  }

  /// A browser rebuilds a step's state from the whole state before it and the edits since: the
  /// same rebuilt in Swift here, for every step, is the state a replay of that prefix gives.
  @Test func everyStepsStateIsTheCheckpointBeforeItAndTheEditsSince() throws {
    let file = TemporaryFile()
    let recording = try record(to: file, interval: 7) { store in
      for round in 0..<300 {
        store.send(.opened("screen \(round)"))
        if let id = store.state.path.ids.last {
          store.send(.path(.element(id: id, action: .incremented)))
        }
        if round % 3 == 0, let id = store.state.path.ids.first {
          store.send(.path(.popFrom(id: id)))
        }
        if round % 10 == 9 { store.send(.resetTapped) }
        store.send(.noted(round % 2 == 0 ? "even \(round)" : ""))
      }
    }
    let page = try recording.inspectorPage(with: TallyFeature())
    let data = try data(of: page)
    let steps = try #require(data["steps"] as? [[Any]])
    let checkpoints = try #require(data["checkpoints"] as? [[Any]])
    #expect(steps.count == recording.actionCount && page.stepCount == recording.actionCount)
    #expect(recording.actionCount > 1_000)
    // The whole state at the start and every 500 steps, not at every step.
    #expect(checkpoints.map { $0[0] as? Int } == [0, 500, 1000])
    let recorded = try #require(data["recordedCheckpoints"] as? [Int])
    #expect(
      Set(recorded)
        == Set(Array(stride(from: 7, through: page.stepCount, by: 7)) + [page.stepCount]))

    let encoder = RecordingFormat.makeEncoder()
    var state: Any = checkpoints[0][1]
    for (offset, step) in steps.enumerated() {
      let number = offset + 1
      for edit in try #require(step[6] as? [[Any]]) { state = apply(edit, to: state) }
      if let checkpoint = checkpoints.first(where: { $0[0] as? Int == number }) {
        #expect(jsonEqual(state, checkpoint[1]), "step \(number): the edits missed something")
      }
      if number % 97 == 0 || number == steps.count {
        let replayed = try recording.prefix(number).replay { TallyFeature() }
        let expected = try JSONSerialization.jsonObject(with: encoder.encode(replayed))
        #expect(jsonEqual(state, expected), "step \(number)")
      }
    }
    // Each step's diff is the framework's.
    let first = try recording.prefix(1).replay { TallyFeature() }
    #expect(steps[0][5] as? String == StateDiff.lines(TallyFeature.State(), first))
  }

  @Test func theFirstDifferenceAndAMarkedStepAreInThePage() throws {
    let file = TemporaryFile()
    let recording = try record(to: file, interval: 2) { store in
      store.send(.opened("a"))
      store.send(.path(.element(id: store.state.path.ids[0], action: .incremented)))
      store.send(.resetTapped)
      store.send(.noted("after"))
    }

    let buggy = try recording.inspectorPage(
      with: TallyFeature(resetKeepsTheTotal: true), marking: InspectorMark(step: 2, note: "rule"))

    #expect(buggy.difference?.actionIndex == 4)
    try keep(buggy, as: "difference-and-mark.html")
    let data = try data(of: buggy)
    let difference = try #require(data["difference"] as? [String: Any])
    #expect(difference["step"] as? Int == 4)
    #expect((difference["diff"] as? String)?.contains("- total: 0\n+ total: 1") == true)
    let mark = try #require(data["mark"] as? [String: Any])
    #expect(mark["step"] as? Int == 2 && mark["note"] as? String == "rule")
    #expect(try recording.inspectorPage(with: TallyFeature()).difference == nil)
  }

  @Test func effectsSendsAndUndoGroupsAreMarked() throws {
    let file = TemporaryFile()
    let recorder = try SessionRecorder<EchoFeature.State, EchoFeature.Action>(
      fileAt: file.url, initialState: EchoFeature.State())
    let store = Store(initialState: EchoFeature.State(), recordingTo: recorder) { EchoFeature() }
    store.send(.history(.beginGroup))
    store.send(.tapped)
    store.send(.history(.endGroup))
    store.send(.history(.undo))
    try recorder.finish()
    let recording = try Recording<EchoFeature.State, EchoFeature.Action>(contentsOf: file.url)

    let data = try data(of: try recording.inspectorPage(with: EchoFeature()))

    let steps = try #require(data["steps"] as? [[Any]])
    let cases = try #require(data["cases"] as? [String])
    #expect(
      steps.map { cases[$0[1] as? Int ?? 0] } == [
        "history.beginGroup", "tapped", "echoed", "history.endGroup", "history.undo",
      ])
    let flags = steps.map { InspectorTrace.Flags(rawValue: $0[2] as? Int ?? 0) }
    #expect(flags[1].contains(.sentActions) && flags[1].contains(.startedWork))
    // `echoed` was sent at once by step 2.
    #expect(steps.map { $0[3] as? Int } == [0, 0, 2, 0, 0])
    // Steps 1 to 4 are the first undo group.
    #expect(steps.map { $0[4] as? Int } == [1, 1, 1, 1, 0])
    #expect(flags[0].contains(.beginsGroup) && flags[3].contains(.endsGroup))
    #expect(flags[4].contains(.undo))
  }

  /// `value` after a page's edit: `[0, path, value]` sets, `[1, path]` removes a key,
  /// `[2, path, count]` cuts an array.
  func apply(_ edit: [Any], to value: Any) -> Any {
    let path = edit[1] as? [Any] ?? []
    guard let first = path.first else { return edit[0] as? Int == 0 ? edit[2] : value }
    let rest = Array(path.dropFirst())
    func inner(_ child: Any) -> Any? {
      if rest.isEmpty {
        switch edit[0] as? Int {
        case 0: return edit[2]
        case 1: return nil
        default:
          let array = child as? [Any] ?? []
          return Array(array.prefix(edit[2] as? Int ?? 0))
        }
      }
      return apply([edit[0], rest] + edit.dropFirst(2), to: child)
    }
    if var object = value as? [String: Any], let key = first as? String {
      object[key] = inner(object[key] as Any)
      return object
    }
    if var array = value as? [Any], let index = first as? Int {
      let child = index < array.count ? array[index] : NSNull()
      let new = inner(child) ?? NSNull()
      if index < array.count { array[index] = new } else { array.append(new) }
      return array
    }
    return value
  }

  func jsonEqual(_ a: Any, _ b: Any) -> Bool {
    (a as? NSObject)?.isEqual(b as? NSObject) ?? false
  }
}

/// A feature whose effect sends an action at once and starts work, with undo.
struct EchoFeature: Reducer {
  struct State: Codable, Equatable, Sendable {
    var taps = 0
    var echoes = 0
    var history = UndoHistory<Int>()
  }

  enum Action: Codable, Equatable, Sendable {
    case tapped
    case echoed
    case history(UndoAction)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .tapped:
        state.taps += 1
        return .merge(.send(.echoed), .run { _ in })
      case .echoed:
        state.echoes += 1
        return .none
      case .history:
        return .none
      }
    }
    .undoable(\.taps, history: \.history, action: Action.history)
  }
}
