/// Text as a terminal shows it: control characters made visible, and widths in columns.
///
/// Names, addresses and error messages quote what people typed or what a state file holds;
/// an escape sequence in them must show as text, never move the cursor or change colours.
///
/// ```swift
/// TerminalText.escaped("Ada\u{1B}[31m")  // "Ada^[[31m"
/// TerminalText.width("日本")              // 4
/// ```
enum TerminalText {
  /// `text` with every control character shown as text: C0 controls and DEL in caret notation
  /// (`^[`, `^G`, `^?`), C1 controls and bidirectional overrides as `\u{…}`.
  ///
  /// - Complexity: O(n) in the length of `text`; returns `text` itself when nothing needs
  ///   escaping.
  static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscaping) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
      guard needsEscaping(scalar) else {
        result.unicodeScalars.append(scalar)
        continue
      }
      switch scalar.value {
      case 0x00..<0x20: result += "^" + String(UnicodeScalar(UInt8(scalar.value + 0x40)))
      case 0x7F: result += "^?"
      default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      }
    }
    return result
  }

  /// Whether `scalar` would act on the terminal instead of showing: C0 and C1 controls, DEL,
  /// and the bidirectional embeddings, overrides and isolates that reorder what follows.
  static func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00..<0x20, 0x7F..<0xA0, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// Whether `text` holds anything ``escaped(_:)`` would change.
  static func hasControlCharacters(_ text: String) -> Bool {
    text.unicodeScalars.contains(where: needsEscaping)
  }

  /// The columns `text` takes: wide (East Asian, emoji) characters take two, others one.
  ///
  /// `text` should be ``escaped(_:)`` first; control characters are counted as one column.
  static func width(_ text: some StringProtocol) -> Int {
    // Plain ASCII, the usual case, is one column per byte.
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.count }
    return text.reduce(0) { $0 + width(of: $1) }
  }

  /// The columns one character takes: 2 for wide characters, else 1.
  static func width(of character: Character) -> Int {
    if character.isASCII { return 1 }
    guard let first = character.unicodeScalars.first else { return 0 }
    if first.properties.isEmojiPresentation { return 2 }
    if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
    switch first.value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      return 2
    default:
      return 1
    }
  }

  /// The longest start of `text` that takes at most `columns` columns.
  static func prefix(_ text: some StringProtocol, columns: Int) -> String {
    var used = 0
    var result = ""
    for character in text {
      let width = width(of: character)
      guard used + width <= columns else { break }
      used += width
      result.append(character)
    }
    return result
  }

  /// The longest end of `text` that takes at most `columns` columns.
  static func suffix(_ text: some StringProtocol, columns: Int) -> String {
    var used = 0
    var result: [Character] = []
    for character in text.reversed() {
      let width = width(of: character)
      guard used + width <= columns else { break }
      used += width
      result.append(character)
    }
    return String(result.reversed())
  }
}
