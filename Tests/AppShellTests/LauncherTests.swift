import Foundation
import Testing

@testable import AppShell
import TestSupport

/// The built `AppShell` started the ways the docs show, `swift run`'s `--` included.
@Suite struct LauncherTests {
  /// `swift run AppShell -- --help` passes its `--` on to AppShell.
  @Test(.timeLimit(.minutes(1)))
  func aLeadingDoubleDashIsTheOneSwiftRunPassesOn() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    guard let help = try await AppShellProcess.run(["--", "--help"], input: "", in: directory)
    else { return }
    #expect(help.status == 0, "\(help.standardError)")
    #expect(help.standardOutput.contains("USAGE: AppShell"))

    guard
      let replay = try await AppShellProcess.run(["--", "replay"], input: "", in: directory)
    else { return }
    #expect(replay.status == 2)
    #expect(replay.standardError.contains("which recording?"), "\(replay.standardError)")
  }

  @Test(.timeLimit(.minutes(1)))
  func anUnknownOptionIsRefusedWithEveryOptionAndReplay() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    guard let run = try await AppShellProcess.run(["--verbose"], input: "", in: directory)
    else { return }
    #expect(run.status == 2)
    #expect(run.standardError.contains("--record FILE"), "\(run.standardError)")
    #expect(run.standardError.contains("AppShell replay FILE [--state-file OUT]"))
  }
}
