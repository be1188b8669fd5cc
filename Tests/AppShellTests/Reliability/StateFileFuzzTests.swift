import Core
import TestSupport
import Foundation
import Testing

@testable import AppShell

/// Damaged state files: loading never crashes and never loses the file. A file that cannot
/// be used is moved aside byte for byte, with a reason; one that loads gives a state the app
/// can run on and save again.
///
/// Reproduce a run with `FUZZ_SEEDS=<seed> swift test --filter StateFileFuzzTests`.
@MainActor
@Suite struct StateFileFuzzTests {
  nonisolated static let seeds: [UInt64] = {
    let text = ProcessInfo.processInfo.environment["FUZZ_SEEDS"] ?? ""
    let seeds = text.split(separator: ",").compactMap {
      UInt64($0.trimmingCharacters(in: .whitespaces))
    }
    return seeds.isEmpty ? [5, 1_729, 65_537] : seeds
  }()

  nonisolated static let files: Int = {
    ProcessInfo.processInfo.environment["FUZZ_FILES"].flatMap { Int($0) } ?? 400
  }()

  @Test(arguments: seeds)
  func damagedStateFiles(seed: UInt64) async throws {
    var generator = SplitMix64(seed: seed)
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("state.json")
    let good = try FuzzStateFiles.goodFile()
    var movedAside = 0
    var restored = 0
    for index in 0..<Self.files {
      // Let other tests on the main actor run between files.
      await Task.yield()
      let content = FuzzStateFiles.damaged(good, using: &generator)
      try content.write(to: url)
      if let failure = await check(
        content, at: url, using: &generator, movedAside: &movedAside, restored: &restored)
      {
        let sample = String(decoding: content.prefix(300), as: UTF8.self)
        Issue.record(
          """
          seed \(seed), file \(index) (\(content.count) bytes, starting \(String(reflecting: sample))):
          \(failure)
          Reproduce: FUZZ_SEEDS=\(seed) swift test --filter StateFileFuzzTests
          """)
        return
      }
      for name in try directory.contents() {
        try FileManager.default.removeItem(at: directory.file(name))
      }
    }
    #expect(movedAside > Self.files / 4, "seed \(seed): only \(movedAside) files were moved aside")
    #expect(restored > 0, "seed \(seed): no damaged file loaded")
  }

  /// Loads the damaged file and checks what happened; returns what was wrong, if anything.
  private func check(
    _ content: Data, at url: URL, using generator: inout SplitMix64,
    movedAside: inout Int, restored: inout Int
  ) async -> String? {
    let result: LoadedStateFile
    do {
      result = try loadStateFile(url)
    } catch {
      return "loading threw: \(error)"
    }
    switch result {
    case .empty:
      return "a file that exists loaded as empty"
    case let .movedAside(movedTo, reason):
      movedAside += 1
      guard !reason.isEmpty else { return "no reason was given" }
      guard !FileManager.default.fileExists(atPath: url.path) else {
        return "the damaged file was left in place, where the next save would overwrite it"
      }
      guard movedTo.hasPrefix(url.path + ".corrupt-") else {
        return "the damaged file was moved to an unexpected place: \(movedTo)"
      }
      guard FileContents.data(atPath: movedTo) == content else {
        return "the file moved aside is not byte for byte the damaged file"
      }
    case let .restored(state):
      restored += 1
      guard FileContents.data(atPath: url.path) == content else {
        return "loading changed the file"
      }
      return await runShell(on: state, using: &generator)
    }
    return nil
  }

  /// Runs a few commands on a loaded state, renders it, and saves it.
  private func runShell(on state: AppState, using generator: inout SplitMix64) async -> String? {
    let storage = InMemoryStorage()
    let shell = Shell(initialState: state) { $0.useTestServices(storage: storage) }
    _ = shell.panels
    for _ in 0..<15 {
      _ = shell.execute(FuzzLines.wellFormed(using: &generator))
    }
    // Submit every order, so that confirmations (and their loyalty points) happen too.
    for order in shell.store.state.orders.list { _ = shell.execute("order submit \(order.id)") }
    await shell.waitUntilIdle()
    _ = shell.execute("state")
    guard shell.saveNow() else {
      return "the loaded state could not be saved: \(shell.saveError ?? "")"
    }
    return nil
  }
}
