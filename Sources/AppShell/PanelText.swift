/// Lays out panels as text: a titled rule, then the panel's lines.
///
/// Widths are terminal columns (see ``TerminalText/width(_:)``): a wide character counts two.
enum PanelText {
  /// `── Title ─────…` filling `width` columns, cut to `width` when the title is longer.
  static func rule(_ title: String, width: Int) -> String {
    guard width > 0 else { return "" }
    let head = title.isEmpty ? "" : "── \(title) "
    let used = TerminalText.width(head)
    guard used < width else { return fit(head, width: width) }
    return head + String(repeating: "─", count: width - used)
  }

  /// `text` cut to `width` columns, ending in `…` when cut.
  static func fit(_ text: String, width: Int) -> String {
    guard TerminalText.width(text) > width else { return text }
    guard width > 1 else { return TerminalText.prefix(text, columns: max(0, width)) }
    return TerminalText.prefix(text, columns: width - 1) + "…"
  }

  /// `text` broken into lines of at most `width` columns, at spaces where possible; the lines
  /// after the first keep the first's indent (its leading spaces) when it leaves room to wrap.
  static func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0, TerminalText.width(text) > width else { return [text] }
    let indent = text.prefix { $0 == " " }.count
    guard indent == 0 || indent > width / 2 else {
      let margin = String(repeating: " ", count: indent)
      return wrapWords(String(text.dropFirst(indent)), width: width - indent).map { margin + $0 }
    }
    return wrapWords(text, width: width)
  }

  /// `text` broken into lines of at most `width` columns, at spaces where possible.
  private static func wrapWords(_ text: String, width: Int) -> [String] {
    guard TerminalText.width(text) > width else { return [text] }
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
      var word = Substring(word)
      var wordWidth = TerminalText.width(word)
      while wordWidth > width {
        if !line.isEmpty {
          lines.append(line)
          line = ""
          lineWidth = 0
        }
        // A character wider than the whole line shows as `…`, so no line is ever too wide.
        let piece = TerminalText.prefix(word, columns: width)
        lines.append(piece.isEmpty ? "…" : piece)
        word = word.dropFirst(max(1, piece.count))
        wordWidth = TerminalText.width(word)
      }
      if line.isEmpty {
        line = String(word)
        lineWidth = wordWidth
      } else if lineWidth + 1 + wordWidth <= width {
        line += " " + word
        lineWidth += 1 + wordWidth
      } else {
        lines.append(line)
        line = String(word)
        lineWidth = wordWidth
      }
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }
}
