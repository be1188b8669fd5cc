import Testing

@testable import AppShell

/// The text of `--help` and of `help`.
@Suite struct HelpTextTests {
  @Test func theDefaultStateFileIsShownEscaped() {
    let usage = HelpText.usage(defaultStateFile: "/home/x\u{1B}[31m/state.json")
    #expect(usage.contains("Default: /home/x^[[31m/state.json"))
    #expect(!TerminalText.hasControlCharacters(usage.replacingOccurrences(of: "\n", with: "")))
  }

  @Test func noLineOfHelpOrOfTheHelpCommandIsWiderThanTheRest() {
    let usage = HelpText.usage(defaultStateFile: "/home/ada/.local/share/AppShell/state.json")
    let lines = usage.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for line in lines + HelpText.commands {
      #expect(TerminalText.width(line) <= HelpText.width, "\(line.debugDescription)")
    }
    // The wrapped summary keeps its indent and every word.
    let quit = HelpText.commands.drop { $0 != "  quit" }.dropFirst()
    #expect(quit.count == 2)
    #expect(quit.allSatisfy { $0.hasPrefix("      ") })
    #expect(
      quit.joined(separator: " ").split(separator: " ")
        == ("      " + CommandSpec.named("quit").summary).split(separator: " "))
  }
}
