import Testing

@testable import AppShell

@Suite struct TerminalTextTests {
  @Test func controlCharactersShowAsText() {
    #expect(TerminalText.escaped("plain é 日本") == "plain é 日本")
    #expect(TerminalText.escaped("a\u{1B}[31mb\u{07}\u{0}\u{7F}") == "a^[[31mb^G^@^?")
    #expect(TerminalText.escaped("\u{9B}2J \u{202E}evil") == "\\u{9B}2J \\u{202E}evil")
    #expect(!TerminalText.hasControlCharacters("Ada Lovelace"))
    #expect(TerminalText.hasControlCharacters("Ada\u{85}"))
  }

  @Test func wideCharactersTakeTwoColumns() {
    #expect(TerminalText.width("abc") == 3)
    #expect(TerminalText.width("日本") == 4)
    #expect(TerminalText.width("🙂") == 2)
    #expect(TerminalText.width("e\u{301}") == 1)
    #expect(TerminalText.prefix("日本語", columns: 5) == "日本")
    #expect(TerminalText.suffix("日本語", columns: 3) == "語")
  }

  @Test func fitAndWrapCountColumns() {
    #expect(PanelText.fit("日本語テキスト", width: 7) == "日本語…")
    #expect(PanelText.wrap("日本 語テ", width: 4) == ["日本", "語テ"])
    #expect(PanelText.wrap("🙂", width: 1) == ["…"])
    #expect(PanelText.rule("Orders", width: 5) == "── O…")
  }
}
