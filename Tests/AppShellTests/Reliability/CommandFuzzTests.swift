import Core
import TestSupport
import Foundation
import Testing

@testable import AppShell

/// Thousands of random, damaged and noisy command lines: the shell never crashes, rejects
/// every line it cannot run with a message that says why, keeps a state that saves and loads
/// back, and saves every change.
///
/// Reproduce a run with `FUZZ_SEEDS=<seed> swift test --filter CommandFuzzTests`.
@MainActor
@Suite struct CommandFuzzTests {
  nonisolated static let seeds: [UInt64] = {
    let text = ProcessInfo.processInfo.environment["FUZZ_SEEDS"] ?? ""
    let seeds = text.split(separator: ",").compactMap {
      UInt64($0.trimmingCharacters(in: .whitespaces))
    }
    return seeds.isEmpty ? [11, 2_718, 31_415] : seeds
  }()

  nonisolated static let lines: Int = {
    ProcessInfo.processInfo.environment["FUZZ_LINES"].flatMap { Int($0) } ?? 2_000
  }()

  @Test(arguments: seeds)
  func randomCommandLines(seed: UInt64) async throws {
    var generator = SplitMix64(seed: seed)
    let storage = InMemoryStorage()
    let shell = Shell(initialState: sampleState()) { $0.useTestServices(storage: storage) }
    var rejected = 0
    var accepted = 0
    for index in 0..<Self.lines {
      let line = FuzzLines.line(using: &generator)
      let problem = check(line, in: shell, rejected: &rejected, accepted: &accepted)
      if index.isMultiple(of: 100) || line.lowercased().hasPrefix("wait") {
        await shell.waitUntilIdle()
      }
      // Let other tests on the main actor run between lines.
      await Task.yield()
      let failure = problem ?? (index.isMultiple(of: 100) ? checkSaved(shell, storage) : nil)
      if let failure {
        Issue.record(
          """
          seed \(seed), line \(index) \(String(reflecting: String(line.prefix(200)))):
          \(failure)
          Reproduce: FUZZ_SEEDS=\(seed) swift test --filter CommandFuzzTests
          """)
        return
      }
    }
    await shell.waitUntilIdle()
    if let failure = checkSaved(shell, storage) {
      Issue.record("seed \(seed), at the end: \(failure)")
    }
    // The run must have exercised both paths.
    #expect(rejected > Self.lines / 10, "seed \(seed): only \(rejected) lines were rejected")
    #expect(accepted > Self.lines / 10, "seed \(seed): only \(accepted) lines were accepted")
  }

  /// Runs `line` and checks the reply; returns what was wrong, if anything.
  private func check(
    _ line: String, in shell: Shell, rejected: inout Int, accepted: inout Int
  ) -> String? {
    let parsed = Result { () throws(CommandError) in try CommandParser.parse(line) }
    let reply = shell.execute(line)
    switch parsed {
    case let .failure(error):
      rejected += 1
      guard reply.isRejected, reply.output == [error.message] else {
        return "a line that does not parse was not rejected with its error: \(reply)"
      }
      // A line over the length limit is refused as a whole, before its words are read.
      if line.count > LineEditor.maximumLength {
        guard error.message.hasPrefix("The line has \(line.count) characters") else {
          return "an over-long line was not refused for its length: \(error.message)"
        }
        break
      }
      guard !error.message.isEmpty, error.message.contains("'") || error.message.hasPrefix("The ")
      else {
        return "the error does not say what was wrong: \(error.message)"
      }
      if let word = line.split(whereSeparator: \.isWhitespace).first?.lowercased(),
        !FuzzLines.commandWords.contains(word),
        !error.message.contains("'\(CommandParser.quoted(word))'")
      {
        return "the error does not name the unknown command '\(word)': \(error.message)"
      }
    case .success(nil):
      guard reply == Reply() else { return "a blank line had a reply: \(reply)" }
    case .success:
      accepted += 1
      if reply.isRejected, reply.problems.isEmpty || reply.problems.contains(where: \.isEmpty) {
        return "a refused command did not say why: \(reply)"
      }
    }
    return nil
  }

  /// Checks that the saved state is the current one and that it loads back.
  private func checkSaved(_ shell: Shell, _ storage: InMemoryStorage) -> String? {
    if let error = shell.saveError { return "saving failed: \(error)" }
    guard storage.savedData(of: shell) == (try? stateFileData(shell.store.state)) else {
      return "the saved state is not the current state"
    }
    // What is saved loads back to a state that saves the same bytes (session-only fields,
    // such as a profile's save status, are not saved and start over).
    do {
      let data = try shell.store.state.prettyJSON()
      let decoded = try JSONDecoder().decode(AppState.self, from: data)
      guard try decoded.prettyJSON() == data else {
        return "the saved state does not load back to itself"
      }
    } catch {
      return "the state does not round-trip through JSON: \(error)"
    }
    return nil
  }
}
