import Testing

@testable import AppShell

@Suite struct LineEditorTests {
  func type(_ text: String, into editor: inout LineEditor) -> [LineEditor.Event] {
    Array(text.utf8).map { editor.feed($0) }
  }

  @Test func typingAndEnterSubmitTheLine() {
    var editor = LineEditor()
    #expect(type("order", into: &editor) == Array(repeating: .edited, count: 5))
    #expect(editor.feed(0x0D) == .submitted("order"))
    #expect(editor.text == "")
  }

  @Test func multiByteCharactersArriveWhole() {
    var editor = LineEditor()
    let events = type("é€", into: &editor)
    #expect(events == [.none, .edited, .none, .none, .edited])
    #expect(editor.text == "é€")
    #expect(editor.feed(0x7F) == .edited)
    #expect(editor.text == "é")
  }

  @Test func editingKeys() {
    var editor = LineEditor()
    _ = type("order add 1", into: &editor)
    #expect(editor.feed(0x17) == .edited)  // Ctrl-W
    #expect(editor.text == "order add ")
    #expect(editor.feed(0x15) == .edited)  // Ctrl-U
    #expect(editor.text == "")
    #expect(editor.feed(0x7F) == .none)
    #expect(editor.feed(0x09) == .none)  // Tab is ignored
  }

  @Test func controlCClearsThenLeaves() {
    var editor = LineEditor()
    _ = type("abc", into: &editor)
    #expect(editor.feed(0x03) == .edited)
    #expect(editor.text == "")
    #expect(editor.feed(0x03) == .interrupted)
  }

  @Test func controlDLeavesOnlyOnAnEmptyLine() {
    var editor = LineEditor()
    _ = type("a", into: &editor)
    #expect(editor.feed(0x04) == .none)
    _ = editor.feed(0x7F)
    #expect(editor.feed(0x04) == .endOfInput)
  }

  @Test func arrowsBrowseHistoryAndComeBackToTheUnsubmittedLine() {
    var editor = LineEditor()
    for line in ["first", "second", "second", " "] {
      _ = type(line, into: &editor)
      _ = editor.feed(0x0D)
    }
    #expect(editor.history == ["first", "second"])
    _ = type("draft", into: &editor)
    let up: [UInt8] = [0x1B, 0x5B, 0x41]
    let down: [UInt8] = [0x1B, 0x5B, 0x42]
    #expect(up.map { editor.feed($0) } == [.none, .none, .edited])
    #expect(editor.text == "second")
    _ = up.map { editor.feed($0) }
    #expect(editor.text == "first")
    #expect(up.map { editor.feed($0) }.last == LineEditor.Event.none)
    _ = down.map { editor.feed($0) }
    _ = down.map { editor.feed($0) }
    #expect(editor.text == "draft")
  }

  @Test func otherEscapeSequencesAreIgnored() {
    var editor = LineEditor()
    let right: [UInt8] = [0x1B, 0x5B, 0x43]
    let f5: [UInt8] = Array("\u{1B}[15~".utf8)
    #expect((right + f5).map { editor.feed($0) }.allSatisfy { $0 == .none })
    #expect(editor.text == "")
    _ = type("x", into: &editor)
    #expect(editor.text == "x")
  }
}
