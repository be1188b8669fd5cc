/// Lays out panels as text: a titled rule, then the panel's lines.
enum PanelText {
  /// `── Title ─────…` filling `width` columns.
  static func rule(_ title: String, width: Int) -> String {
    let head = title.isEmpty ? "" : "── \(title) "
    return head + String(repeating: "─", count: max(3, width - head.count))
  }

  /// `text` cut to `width` columns, ending in `…` when cut.
  static func fit(_ text: String, width: Int) -> String {
    guard text.count > width else { return text }
    guard width > 1 else { return String(text.prefix(width)) }
    return String(text.prefix(width - 1)) + "…"
  }

  /// `text` broken into lines of at most `width` columns, at spaces where possible.
  static func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0, text.count > width else { return [text] }
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
      var word = Substring(word)
      while word.count > width {
        if !line.isEmpty {
          lines.append(line)
          line = ""
        }
        lines.append(String(word.prefix(width)))
        word = word.dropFirst(width)
      }
      if line.isEmpty {
        line = String(word)
      } else if line.count + 1 + word.count <= width {
        line += " " + word
      } else {
        lines.append(line)
        line = String(word)
      }
    }
    lines.append(line)
    return lines
  }
}
