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

  @Test func wrapLeavesNoWordAloneOnALine() {
    #expect(PanelText.wrap("one two three four", width: 14) == ["one two", "three four"])
    #expect(PanelText.wrap("    aa bb cc dd", width: 14) == ["    aa bb", "    cc dd"])
    // A word too long to share its line takes one word of the line before along.
    #expect(
      PanelText.wrap("Your state will now be saved to /root/.local/share/state.json.", width: 30)
        == ["Your state will now be", "saved to", "/root/.local/share/state.json."])
  }

  /// A word half a line long or more may have a line to itself: "to" stays where it was.
  @Test func aLongWordAloneOnItsLineTakesNoWordAlong() {
    let path = "/home/ada/.local/share/AppShell/state.json."
    #expect(
      PanelText.wrap("Starting fresh; your state will be saved to \(path)", width: 80)
        == ["Starting fresh; your state will be saved to", path])
  }

  @Test func aPathLongerThanTheLineIsCutAfterASlashFillingTheLineItStartsOn() {
    let text =
      "Starting fresh; your state will be saved to /home/ada/.local/share/AppShell/state.json."
    #expect(
      PanelText.wrap(text, width: 40)
        == [
          "Starting fresh; your state will be saved", "to /home/ada/.local/share/AppShell/",
          "state.json.",
        ])
  }

  @Test func aCutWordNeverLeavesItsPunctuationAlone() {
    let word = String(repeating: "a", count: 40)
    #expect(PanelText.wrap(word + ".", width: 40) == [String(repeating: "a", count: 39), "a."])
    #expect(
      PanelText.wrap("x " + word + ".", width: 40)
        == ["x " + String(repeating: "a", count: 38), "aa."])
  }
}
