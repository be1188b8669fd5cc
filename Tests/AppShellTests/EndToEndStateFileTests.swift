import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

@testable import AppShell
import TestSupport

/// The built executable on state files it must not damage: not a regular file, in use by
/// another app, and input it must not keep.
@Suite struct EndToEndStateFileTests {
  @Test(.timeLimit(.minutes(1)))
  func aFIFOIsRefusedAndLeftInPlace() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let fifo = directory.file("state.json")
    unsafe #expect(mkfifo(fifo.path, 0o600) == 0)

    guard
      let run = try await AppShellProcess.run(
        ["--state-file", fifo.path], input: "order new\nquit\n", in: directory)
    else { return }

    #expect(run.status == 2)
    #expect(
      run.standardError
        == "AppShell: The state file '\(fifo.path)' is a named pipe (FIFO), not a regular file; "
        + "the app did not start and left it untouched. Pass the path of a regular file, like "
        + "'--state-file ~/appshell.json'.\n")
    #expect(try directory.contents() == ["state.json"])
    var info = stat()
    unsafe #expect(stat(fifo.path, &info) == 0 && info.st_mode & mode_t(S_IFMT) == mode_t(S_IFIFO))
  }

  @Test(.timeLimit(.minutes(1)))
  func aSecondAppSaysWhoHoldsTheFileAndTouchesNothing() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let stateFile = directory.file("state.json")
    try saveStateFile(sampleState(), to: stateFile)
    let before = try Data(contentsOf: stateFile)
    let lock = try Launcher.open(stateFile, readOnly: false)
    defer { withExtendedLifetime(lock) {} }

    guard
      let second = try await AppShellProcess.run(
        ["--state-file", stateFile.path], input: "order new\norder new\nquit\n", in: directory)
    else { return }

    #expect(second.status == 2)
    #expect(second.standardError.contains("is in use by another AppShell (process \(getpid()))"))
    #expect(try Data(contentsOf: stateFile) == before)
    #expect(try directory.contents() == ["state.json", "state.json.lock"])

    // Read-only, it shows the state and saves nothing.
    guard
      let look = try await AppShellProcess.run(
        ["--state-file", stateFile.path, "--read-only"], input: "order new\nquit\n",
        in: directory)
    else { return }
    #expect(look.status == 0, "\(look.standardError)")
    #expect(look.standardOutput.hasPrefix("Read-only: showing \(stateFile.path)"))
    #expect(look.standardOutput.contains("#3   draft"))
    #expect(look.standardOutput.hasSuffix("Read-only: nothing was saved to \(stateFile.path).\n"))
    #expect(try Data(contentsOf: stateFile) == before)
  }

  @Test(.timeLimit(.minutes(1)))
  func overLongAndGarbledInputIsRefusedNotSaved() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let stateFile = directory.file("state.json")
    let input =
      "profile name " + String(repeating: "n", count: 2_000_000) + "\n"
      + "profile name Eve\u{1B}[2J\u{1B}]0;owned\u{07}\n"
      + "dance\u{1B}[31m\n"

    guard
      let run = try await AppShellProcess.run(
        ["--state-file", stateFile.path], input: input, in: directory)
    else { return }

    #expect(run.status == 1)
    #expect(!run.standardOutput.contains("\u{1B}"))
    #expect(!run.standardError.contains("\u{1B}"))
    #expect(run.standardOutput.contains("> profile name Eve^[[2J^[]0;owned^G"))
    #expect(
      run.standardError.contains(
        "error: The name contains control characters (^[, ^[, ^G); type it without them."))
    #expect(run.standardError.contains("error: Unknown command 'dance^[[31m'."))
    #expect(
      run.standardError.contains(
        "error: The line has 2000013 characters; a command has at most 1000."))
    let size = try FileManager.default.attributesOfItem(atPath: stateFile.path)[.size] as? Int
    #expect((size ?? .max) < 10_000)
  }
}
