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
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    let output = try FileHandle(forWritingTo: outputURL)
    defer { try? output.close() }

    let process = Process()
    process.executableURL = executable
    process.arguments = ["--state-file", stateFile.path, "--latency", "40"]
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = output
    let status = Task {
      try await withCheckedThrowingContinuation { continuation in
        process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
        do { try process.run() } catch { continuation.resume(throwing: error) }
      }
    }
    func printed() -> String {
      (try? FileContents.text(at: outputURL)) ?? ""
    }
    func waitFor(_ text: String) async throws -> Bool {
      for _ in 0..<400 where !printed().contains(text) {
        try await Task.sleep(for: .milliseconds(25))
      }
      return printed().contains(text)
    }

    input.fileHandleForWriting.write(Data("order submit 2\n".utf8))
    #expect(try await waitFor("submitting"), "\(printed())")
    process.interrupt()
    #expect(try await waitFor("Waiting for order #2"), "\(printed())")
    #expect(process.isRunning)
    process.interrupt()

    #expect(try await status.value == 130, "\(printed())")
    #expect(printed().contains("Quit without waiting for order #2"))
    // Saved as failed by the app itself (loading would also mark it, so read the bytes).
    let saved = try String(contentsOf: stateFile, encoding: .utf8)
    #expect(saved.contains("The app quit while this order was being submitted"))
    #expect(!saved.contains("\"submitted\""))
    try? input.fileHandleForWriting.close()
  }
}
