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
  ///
  /// A word too long for a line is cut, after a `/` when that leaves a piece at least half the
  /// room (a path reads best cut between its folders), starting on the line before when that
  /// has room; a cut never leaves only punctuation (a lone `.`) to go on. No line holds a short
  /// word alone that the line before could share: it takes that line's last word along. (A
  /// word half a line long or more, such as a path, may have a line to itself.)
  static func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0, TerminalText.width(text) > width else { return [text] }
    let indent = text.prefix { $0 == " " }.count
    guard indent == 0 || indent > width / 2 else {
      let margin = String(repeating: " ", count: indent)
      return wrapWords(String(text.dropFirst(indent)), width: width - indent).map { margin + $0 }
    }
    return wrapWords(text, width: width)
  }

  /// One line of wrapped text, as words, and whether a cut word joins it to its neighbours.
  private struct Row {
    var words: [String] = []
    var width = 0
    /// Its first word is the end of a word cut on the row before.
    var startsCut = false
    /// Its last word goes on on the next row.
    var endsCut = false

    /// Holds nothing but, maybe, the empty words of repeated spaces.
    var isBlank: Bool { width == 0 && words.allSatisfy(\.isEmpty) }

    mutating func append(_ word: String) {
      if isBlank { words = [] }
      width += (words.isEmpty ? 0 : 1) + TerminalText.width(word)
      words.append(word)
    }
  }

  /// `text` broken into lines of at most `width` columns (see ``wrap(_:width:)``).
  private static func wrapWords(_ text: String, width: Int) -> [String] {
    guard TerminalText.width(text) > width else { return [text] }
    var rows: [Row] = []
    var row = Row()
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
      let wordWidth = TerminalText.width(word)
      if wordWidth <= width {
        if !row.isBlank, row.width + 1 + wordWidth > width {
          rows.append(row)
          row = Row()
        }
        row.append(String(word))
        continue
      }
      var rest = word
      var isCut = false
      if !row.isBlank {
        if let piece = cut(rest, columns: width - row.width - 1, startsRow: false) {
          row.append(piece.text)
          row.endsCut = true
          rest = rest.dropFirst(piece.count)
          isCut = true
        }
        rows.append(row)
        row = Row()
      }
      while TerminalText.width(rest) > width {
        let piece = cut(rest, columns: width, startsRow: true) ?? ("…", 1)
        var pieceRow = Row(startsCut: isCut, endsCut: true)
        pieceRow.append(piece.text)
        rows.append(pieceRow)
        rest = rest.dropFirst(piece.count)
        isCut = true
      }
      row = Row(startsCut: isCut)
      row.append(String(rest))
    }
    if !row.isBlank || rows.isEmpty { rows.append(row) }
    for index in rows.indices.dropFirst() {
      let alone = rows[index]
      let before = rows[index - 1]
      guard alone.words.count == 1, alone.width * 2 < width, !alone.startsCut, !alone.endsCut,
        before.words.count >= 3,
        !before.endsCut, let moved = before.words.last,
        TerminalText.width(moved) + 1 + alone.width <= width
      else { continue }
      var shorter = Row(startsCut: before.startsCut)
      for word in before.words.dropLast() { shorter.append(word) }
      var longer = Row()
      longer.append(moved)
      longer.append(alone.words[0])
      rows[index - 1] = shorter
      rows[index] = longer
    }
    return rows.map { $0.words.joined(separator: " ") }
  }

  /// The piece of `word` to put on a row with `columns` free, and how many characters of the
  /// word it shows: up to a `/` when that fills at least half the room, else as much as fits,
  /// less what would leave only punctuation to go on. `nil` when the row holds words already
  /// and has too little room to be worth starting the word on.
  private static func cut(_ word: Substring, columns: Int, startsRow: Bool) -> (
    text: String, count: Int
  )? {
    guard startsRow || columns >= 8 else { return nil }
    let fits = TerminalText.prefix(word, columns: columns)
    // A character wider than the whole line shows as `…`, so no line is ever too wide.
    guard !fits.isEmpty else { return startsRow ? ("…", 1) : nil }
    var count = fits.count
    if let slash = fits.lastIndex(of: "/"),
      TerminalText.width(fits[...slash]) * 2 >= columns
    {
      count = fits.distance(from: fits.startIndex, to: slash) + 1
    }
    while count > 1 {
      let rest = word.dropFirst(count)
      guard !rest.isEmpty, rest.allSatisfy(\.isPunctuation) else { break }
      count -= 1
    }
    return (String(word.prefix(count)), count)
  }
}
