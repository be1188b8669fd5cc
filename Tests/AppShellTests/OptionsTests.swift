import Foundation
import Testing

@testable import AppShell

@Suite struct OptionsTests {
  @Test func defaults() throws {
    #expect(try Options.parse([]) == Options())
    #expect(Options().latency == .seconds(2))
  }

  @Test func parsesEveryOption() throws {
    let options = try Options.parse(
      ["--state-file", "data/s.json", "--latency=0.25", "--plain", "-h"], currentDirectory: "/work")
    #expect(options.stateFile?.path == "/work/data/s.json")
    #expect(options.latency == .milliseconds(250))
    #expect(options.isPlain)
    #expect(options.showsHelp)
    #expect(try Options.parse(["--state-file=/tmp/x.json"]).stateFile?.path == "/tmp/x.json")
    let recording = try Options.parse(["--record", "s.jsonl"], currentDirectory: "/work")
    #expect(recording.recordFile?.path == "/work/s.jsonl")
    #expect(try Options.parse(["--record=/tmp/s.jsonl"]).recordFile?.path == "/tmp/s.jsonl")
  }

  /// The message lists what AppShell takes: every option, `replay` included.
  static let usage =
    "Options: --state-file PATH, --latency SECONDS, --plain, --read-only, --record FILE, "
    + "--strict-exit-codes, --help; or 'AppShell replay FILE [--state-file OUT]', or "
    + "'AppShell inspect FILE [--html OUT]'."

  @Test(arguments: [
    (["--verbose"], "Unknown option '--verbose'. " + usage),
    (["--recrod", "s.jsonl"], "Unknown option '--recrod'. Did you mean '--record'? " + usage),
    (
      ["replay"],
      "'replay' comes first, before any option: 'AppShell replay FILE [--state-file OUT]'."
    ),
    (
      ["--plain", "--", "--help"],
      "'--help' comes after '--', which ends the options, and AppShell takes no other "
        + "arguments. " + usage
    ),
    (["--record"], "'--record' needs a path, like '--record session.jsonl'."),
    (["--record", "--plain"], "'--record' needs a path, like '--record session.jsonl'."),
    (["--state-file"], "'--state-file' needs a path, like '--state-file ~/orders.json'."),
    (["--state-file="], "'--state-file' needs a path, like '--state-file ~/orders.json'."),
    (["--latency"], "'--latency' needs a number of seconds, like '--latency 0.5'."),
    (
      ["--latency", "soon"],
      "'--latency' takes seconds from 0 to 60, like '--latency 0.5'; got 'soon'."
    ),
    (
      ["--latency", "-1"], "'--latency' takes seconds from 0 to 60, like '--latency 0.5'; got '-1'."
    ),
  ])
  func rejectsBadOptions(_ arguments: [String], _ message: String) {
    #expect(throws: CommandError(message)) { try Options.parse(arguments) }
  }

  @Test func helpDocumentsEveryCommandAndOption() {
    let help = HelpText.usage(defaultStateFile: "/home/u/.local/share/AppShell/state.json")
    for spec in CommandSpec.all { #expect(help.contains(spec.usage), "\(spec.usage)") }
    for option in ["--state-file PATH", "--latency SECONDS", "--plain", "--record FILE", "--help"] {
      #expect(help.contains(option))
    }
    #expect(help.contains("/home/u/.local/share/AppShell/state.json"))
  }
}
