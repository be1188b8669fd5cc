import Testing

@testable import AppShell

/// The text of `--help` and of `help`.
@Suite struct HelpTextTests {
  @Test func theDefaultStateFileIsShownEscaped() {
    let usage = HelpText.usage(defaultStateFile: "/home/x\u{1B}[31m/state.json")
    #expect(usage.contains("Default: /home/x^[[31m/state.json"))
    #expect(!TerminalText.hasControlCharacters(usage.replacingOccurrences(of: "\n", with: "")))
  }
}
