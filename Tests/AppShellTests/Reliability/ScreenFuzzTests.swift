import Foundation
import TestSupport
import Testing

@testable import AppShell

/// Random keys, pastes and window sizes thrown at the full-screen session: it never hangs (a
/// watchdog fails the test when an event is not handled in time), never crashes, and every
/// frame fits the terminal with the prompt on its bottom row.
///
/// Reproduce a run with `FUZZ_SEEDS=<seed> swift test --filter ScreenFuzzTests`;
/// `FUZZ_EVENTS` sets how many events each seed sends.
@MainActor
@Suite struct ScreenFuzzTests {
  nonisolated static let seeds: [UInt64] = {
    let text = ProcessInfo.processInfo.environment["FUZZ_SEEDS"] ?? ""
    let seeds = text.split(separator: ",").compactMap {
      UInt64($0.trimmingCharacters(in: .whitespaces))
    }
    return seeds.isEmpty ? [7, 1_234, 98_765] : seeds
  }()

  nonisolated static let events: Int = {
    ProcessInfo.processInfo.environment["FUZZ_EVENTS"].flatMap { Int($0) } ?? 1_000
  }()

  static let commands = [
    "order new", "order add 1 mug 2", "order submit 1", "order submit 2", "help", "orders",
    "state", "stats", "products", "wait", "profile name Ada", "profile save", "dance",
    "order ship 1 \(String(repeating: "Long Street ", count: 12)), City, 1, UK",
    "open 1", "open 14", "back", "order delete 4", "order cancel 1", "yes", "no", "profile edit",
    "profile discard",
  ]
  static let keys: [[UInt8]] = [
    [0x1B, 0x5B, 0x41], [0x1B, 0x5B, 0x42], Array("\u{1B}[5~".utf8), Array("\u{1B}[6~".utf8),
    [0x7F], [0x15], [0x17], [0x0D], [0x1B], [0x09], [0x1B, 0x5B], Array("\u{1B}[1;5C".utf8),
  ]

  @Test(.timeLimit(.minutes(5)), arguments: seeds)
  func randomKeysAndResizes(seed: UInt64) async throws {
    var generator = SplitMix64(seed: seed)
    let shell = Shell(initialState: matrixState(orders: 14)) { $0.useTestServices() }
    var harness = ScreenHarness(shell: shell, columns: 80, rows: 24, watchdog: .seconds(20))
    try await harness.start()
    var sessions = 1
    for index in 0..<Self.events {
      let event = Self.event(using: &generator)
      if case .resized = event {
        try await harness.resize(
          columns: generator.int(in: 1...220),
          rows: generator.int(in: 1...70))
      } else {
        try await harness.send(event)
      }
      let problems = harness.screenProblems()
      guard problems.isEmpty else {
        Issue.record(
          """
          seed \(seed), event \(index) \(event): \(problems.prefix(3).joined(separator: "; "))
          \(harness.terminal.picture)
          Reproduce: FUZZ_SEEDS=\(seed) swift test --filter ScreenFuzzTests
          """)
        return
      }
      if !harness.isRunning {
        // Left (Ctrl-C, Ctrl-D, quit): it must have left cleanly; start another session.
        #expect(harness.status == 0, "seed \(seed), event \(index)")
        #expect(harness.terminal.isRestored && !harness.terminal.isAlternateScreen)
        sessions += 1
        harness = ScreenHarness(
          shell: shell, columns: generator.int(in: 20...200),
          rows: generator.int(in: 5...60), watchdog: .seconds(20))
        try await harness.start()
      }
    }
    #expect(sessions > 1, "seed \(seed): no session ever left")
  }

  static func event(using generator: inout SplitMix64) -> TerminalEvent {
    switch generator.int(in: 0..<100) {
    case 0..<8: return .resized
    case 8..<30: return .input(Array((generator.pick(commands) + "\r").utf8))
    case 30..<50: return .input(generator.pick(keys))
    case 50..<52: return .input([generator.pick([0x03, 0x04] as [UInt8])])
    case 52..<53: return .input(Array("q\r".utf8))
    case 53..<70:
      let length = generator.int(in: 1...12)
      return .input((0..<length).map { _ in UInt8(generator.int(in: 0x20...0x7E)) })
    case 70..<80:
      // Any bytes: broken UTF-8, controls, escape fragments.
      let length = generator.int(in: 1...16)
      return .input((0..<length).map { _ in UInt8(generator.int(in: 0...255)) })
    case 80..<85:
      let text = generator.pick(["日本語の名前", "🙂🙂🙂", "e\u{301}", "\u{202E}evil", "Ω≈ç√"])
      return .input(Array(text.utf8))
    case 85..<88:
      // A big paste.
      return .input(Array(String(repeating: "paste ", count: 300).utf8))
    default:
      return .input([0x0D])
    }
  }
}
