import Foundation
import TestSupport

/// A private tmux server (its own socket) running the app in a pseudo-terminal of a given
/// size: keys are sent as a person types them, and the screen is read back as text.
struct Tmux {
  /// The tmux executable on the `PATH`, or `nil` when tmux is not installed.
  static let path: String? = {
    let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
      .split(separator: ":")
    return directories.map { "\($0)/tmux" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }()

  let socket = "appshell-tests-\(UUID().uuidString.prefix(8))"
  let session = "app"

  /// Runs `tmux -L <socket> arguments`; returns its standard output and status.
  ///
  /// Spawned and waited for directly (`SpawnedProcess`): the first command starts the tmux
  /// server, which inherits the descriptors of its client, so neither a pipe nor `Process`
  /// (which watches a descriptor of its own) would see the client end. The output goes
  /// through a file.
  @discardableResult
  func run(_ arguments: [String]) async throws -> (output: String, status: Int32) {
    let outputPath = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(socket)-\(UUID().uuidString).out").path
    defer { try? FileManager.default.removeItem(atPath: outputPath) }
    let status = try SpawnedProcess.run(
      Self.path ?? "/usr/bin/tmux", ["-L", socket] + arguments,
      environment: AppShellProcess.environment, output: .file(outputPath))
    let data = FileContents.data(atPath: outputPath) ?? Data()
    return (String(decoding: data, as: UTF8.self), status)
  }

  /// Starts `command` (a shell command line) in a detached session of `columns` × `rows`.
  func start(_ command: String, columns: Int, rows: Int) async throws {
    try await run([
      "new-session", "-d", "-s", session, "-x", "\(columns)", "-y", "\(rows)", command,
    ])
  }

  /// Sends keys, in tmux's names (`Enter`, `C-c`, `PPage`) or as literal text.
  func send(_ keys: String...) async throws {
    try await run(["send-keys", "-t", session] + keys)
  }

  /// Types `text` literally, then Enter.
  func enter(_ text: String) async throws {
    try await run(["send-keys", "-t", session, "-l", text])
    try await run(["send-keys", "-t", session, "Enter"])
  }

  /// The visible screen, one string per row.
  func screen() async throws -> [String] {
    try await run(["capture-pane", "-p", "-t", session]).output
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// Whether the session (and so the app) is still running.
  func isRunning() async -> Bool {
    (try? await run(["has-session", "-t", session]).status) == 0
  }

  /// Waits, up to `limit`, until `condition` holds; returns whether it did.
  func wait(
    upTo limit: Duration = .seconds(20), until condition: () async throws -> Bool
  ) async throws -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + limit
    while clock.now < deadline {
      if try await condition() { return true }
      try await Task.sleep(for: .milliseconds(50))
    }
    return try await condition()
  }

  func killServer() async {
    _ = try? await run(["kill-server"])
  }
}
