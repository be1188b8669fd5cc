import Testing

@testable import AppShell

@Suite struct PanelTextTests {
  @Test func ruleFillsTheWidth() {
    #expect(PanelText.rule("Orders", width: 14) == "── Orders ────")
    #expect(PanelText.rule("", width: 4) == "────")
  }

  @Test func fitCutsWithAnEllipsis() {
    #expect(PanelText.fit("abcdef", width: 6) == "abcdef")
    #expect(PanelText.fit("abcdefg", width: 6) == "abcde…")
  }

  @Test func wrapBreaksAtSpacesAndSplitsLongWords() {
    #expect(PanelText.wrap("one two three", width: 7) == ["one two", "three"])
    #expect(PanelText.wrap("short", width: 10) == ["short"])
    #expect(PanelText.wrap("abcdefghij kl", width: 4) == ["abcd", "efgh", "ij", "kl"])
  }
}
