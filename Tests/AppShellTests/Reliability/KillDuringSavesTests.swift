import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

@testable import AppShell

/// The built executable killed with `SIGKILL` at random moments in a burst of edits, again and
/// again on the same state file: what is on disk always loads, and holds a prefix of the edits
/// (orders #1 to #n, for an n no lower than what the previous run left).
@Suite(.serialized) struct KillDuringSavesTests {
  static let seed = ProcessInfo.processInfo.environment["KILL_SEED"].flatMap(UInt64.init) ?? 7

  @Test(.timeLimit(.minutes(2)))
  func aKilledAppAlwaysLeavesAFileThatLoadsAndHoldsAPrefixOfItsEdits() async throws {
    guard let executable = AppShellProcess.executable else {
      Issue.record("The 'AppShell' executable was not found next to the tests.")
      return
    }
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("state.json")
    var generator = SplitMix64(seed: Self.seed)
    var onDisk = 0
    var sent = 0
    for round in 0..<12 {
      let process = try SpawnedProcess.start(
        executable.path, ["--state-file", url.path, "--plain", "--latency", "0"],
        environment: AppShellProcess.environment, input: .pipe)
      let edits = generator.int(in: 20...400)
      process.input?.write(Data(String(repeating: "order new\n", count: edits).utf8))
      try await Task.sleep(for: .milliseconds(generator.int(in: 20...600)))
      process.send(SIGKILL)
      let termination = await process.wait()
      try? process.input?.close()
      sent += edits

      let context = "round \(round) (KILL_SEED=\(Self.seed))"
      #expect(termination == .signal(SIGKILL), "\(context)")
      let ids: [Int]
      switch try loadStateFile(url) {
      case .empty:
        ids = []
      case let .restored(state):
        ids = state.orders.list.map(\.id)
      case let .movedAside(_, reason):
        Issue.record("\(context): the file left behind does not load: \(reason)")
        return
      }
      // A prefix of the edits: orders #1...#n, none lost from earlier runs, none invented.
      #expect(ids == Array(1..<(ids.count + 1)), "\(context): \(ids)")
      #expect(ids.count >= onDisk, "\(context): \(ids.count) orders, \(onDisk) before")
      #expect(ids.count <= sent, "\(context): \(ids.count) orders from \(sent) edits")
      onDisk = ids.count
    }
    // Some rounds got far enough to save something.
    #expect(onDisk > 0)
    // Opening (which `loadStateFile` did) removed what writers killed mid-save left behind.
    #expect(try directory.contents() == ["state.json", "state.json.lock"])
  }
}
