import Testing

@testable import AppShell

/// The text of `--help` and of `help`.
@Suite struct HelpTextTests {
  @Test func theDefaultStateFileIsShownEscaped() {
    let usage = HelpText.usage(defaultStateFile: "/home/x\u{1B}[31m/state.json")
    #expect(usage.contains("Default: /home/x^[[31m/state.json"))
    #expect(!TerminalText.hasControlCharacters(usage.replacingOccurrences(of: "\n", with: "")))
  }

  @Test func noLineOfHelpIsWiderThanTheRest() {
    let usage = HelpText.usage(defaultStateFile: "/home/ada/.local/share/AppShell/state.json")
    let lines = usage.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for line in lines {
      #expect(TerminalText.width(line) <= HelpText.width, "\(line.debugDescription)")
    }
    // The wrapped summary keeps its indent and every word.
    let quit = lines.drop { $0 != "  quit" }.dropFirst().prefix { $0.hasPrefix("      ") }
    #expect(quit.count == 2)
    #expect(
      quit.joined(separator: " ").split(separator: " ")
        == ("      " + CommandSpec.named("quit").summary).split(separator: " "))
  }

  /// `help` gives each summary whole, for the screen to wrap at its own width: wrapped at 90
  /// and then again at the screen's 80 columns, a summary left a word alone on a line.
  @Test func theHelpCommandGivesEachSummaryOnOneLine() {
    for spec in CommandSpec.all {
      #expect(HelpText.commands.contains("      " + spec.summary), "\(spec.words)")
    }
  }

  @Test(arguments: [40, 60, 79, 80, 90, 100, 120])
  func helpWrapsWithoutAWordAloneOnALine(width: Int) {
    for line in HelpText.commands {
      let rows = PanelText.wrap(line, width: width)
      guard rows.count > 1 else { continue }
      for row in rows {
        #expect(row.split(separator: " ").count >= 2, "\(row.debugDescription) in \(rows)")
      }
    }
  }
}
