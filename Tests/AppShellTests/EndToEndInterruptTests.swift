import Foundation
import Testing

@testable import AppShell
import TestSupport

/// Ctrl-C (`SIGINT`) on the built executable reading a pipe while an order is being submitted:
/// the first says what it waits for, the second quits at once and saves the order as
/// interrupted.
@Suite struct EndToEndInterruptTests {
  @Test(.timeLimit(.minutes(1)))
  func secondInterruptQuitsAtOnceAndSavesTheSubmissionAsInterrupted() async throws {
    guard let executable = AppShellProcess.executable else {
      Issue.record("The 'AppShell' executable was not found next to the tests.")
      return
    }
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let stateFile = directory.file("state.json")
    var state = sampleState()
    state.profile.editor = nil
    try saveStateFile(state, to: stateFile)
    let outputURL = directory.file("out")
    let process = try SpawnedProcess.start(
      executable.path, ["--state-file", stateFile.path, "--latency", "40"],
      environment: AppShellProcess.environment, input: .pipe, output: .file(outputURL.path),
      error: .output)
    defer { if process.isRunning { process.send(SIGKILL) } }
    let input = try #require(process.input)
    func printed() -> String {
      (try? FileContents.text(at: outputURL)) ?? ""
    }
    func waitFor(_ text: String) async throws -> Bool {
      for _ in 0..<400 where !printed().contains(text) {
        try await Task.sleep(for: .milliseconds(25))
      }
      return printed().contains(text)
    }

    input.write(Data("order submit 2\n".utf8))
    #expect(try await waitFor("submitting"), "\(printed())")
    process.send(SIGINT)
    #expect(try await waitFor("Waiting for order #2"), "\(printed())")
    #expect(process.isRunning)
    process.send(SIGINT)

    #expect(await process.wait() == .exit(130), "\(printed())")
    #expect(printed().contains("Quit without waiting for order #2"))
    // Saved as failed by the app itself (loading would also mark it, so read the bytes).
    let saved = try String(contentsOf: stateFile, encoding: .utf8)
    #expect(saved.contains("The app quit while this order was being submitted"))
    #expect(!saved.contains("\"submitted\""))
    try? input.close()
  }
}
