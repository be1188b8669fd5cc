/// The line being typed at the interactive prompt, fed one byte at a time from a terminal in
/// raw mode.
///
/// Handles UTF-8, Backspace, Ctrl-U (clear), Ctrl-W (delete a word), Up and Down (history),
/// Page Up and Page Down (scroll the output), Enter, Ctrl-C (clears the line; on an empty line,
/// leaves) and Ctrl-D (on an empty line, leaves). Other control keys and escape sequences, and
/// control characters pasted as UTF-8, are ignored. A line holds at most ``maximumLength``
/// characters: the ones typed past it are refused.
struct LineEditor {
  /// The longest line a command can be, in characters.
  static let maximumLength = 1_000
  /// How many lines the history keeps.
  static let historyLimit = 500

  /// What a byte did.
  enum Event: Equatable {
    /// Nothing visible.
    case none
    /// The line changed.
    case edited
    /// Enter: the line, which is now cleared.
    case submitted(String)
    /// Ctrl-C on an empty line.
    case interrupted
    /// Ctrl-D on an empty line.
    case endOfInput
    /// Page Up (-1) or Page Down (1).
    case scroll(Int)
    /// A character was refused: the line already has ``LineEditor/maximumLength`` characters.
    case lineFull
  }

  /// The line so far.
  private(set) var text = ""
  /// Lines entered, oldest first, without repeats in a row.
  private(set) var history: [String] = []
  private var historyIndex: Int?
  private var unsubmitted = ""
  private var pendingUTF8: [UInt8] = []
  private var escape: [UInt8]?

  mutating func feed(_ byte: UInt8) -> Event {
    if var sequence = escape {
      sequence.append(byte)
      escape = sequence
      return continueEscape(sequence)
    }
    switch byte {
    case 0x0D, 0x0A:
      let line = text
      if !line.trimmingWhitespace.isEmpty, history.last != line {
        history.append(line)
        if history.count > Self.historyLimit { history.removeFirst() }
      }
      historyIndex = nil
      unsubmitted = ""
      text = ""
      return .submitted(line)
    case 0x7F, 0x08:
      guard !text.isEmpty else { return .none }
      text.removeLast()
      return .edited
    case 0x03:
      guard !text.isEmpty else { return .interrupted }
      text = ""
      historyIndex = nil
      return .edited
    case 0x04:
      return text.isEmpty ? .endOfInput : .none
    case 0x15:
      guard !text.isEmpty else { return .none }
      text = ""
      return .edited
    case 0x17:
      guard !text.isEmpty else { return .none }
      while text.last == " " { text.removeLast() }
      while let last = text.last, last != " " { text.removeLast() }
      return .edited
    case 0x1B:
      escape = []
      return .none
    case 0x00..<0x20:
      return .none
    default:
      pendingUTF8.append(byte)
      guard let decoded = String(validating: pendingUTF8, as: UTF8.self) else {
        if pendingUTF8.count >= 4 { pendingUTF8 = [] }
        return .none
      }
      pendingUTF8 = []
      guard !TerminalText.hasControlCharacters(decoded) else { return .none }
      // `utf8.count` is O(1); count characters only when the bytes could be too many.
      guard text.utf8.count < Self.maximumLength || text.count < Self.maximumLength else {
        return .lineFull
      }
      text += decoded
      return .edited
    }
  }

  private mutating func continueEscape(_ sequence: [UInt8]) -> Event {
    // ESC [ ... final byte, or ESC O final byte; anything else ends the sequence at once.
    guard let first = sequence.first, first == UInt8(ascii: "[") || first == UInt8(ascii: "O")
    else {
      escape = nil
      return .none
    }
    guard sequence.count > 1, let final = sequence.last, (0x40...0x7E).contains(final) else {
      if sequence.count > 16 { escape = nil }
      return .none
    }
    escape = nil
    switch final {
    case UInt8(ascii: "A"): return recall(-1)
    case UInt8(ascii: "B"): return recall(1)
    case UInt8(ascii: "~") where sequence == Array("[5~".utf8): return .scroll(-1)
    case UInt8(ascii: "~") where sequence == Array("[6~".utf8): return .scroll(1)
    default: return .none
    }
  }

  /// Moves through the history: -1 for older, 1 for newer.
  private mutating func recall(_ step: Int) -> Event {
    guard !history.isEmpty else { return .none }
    let current = historyIndex ?? history.count
    let next = max(0, min(history.count, current + step))
    guard next != current else { return .none }
    if historyIndex == nil { unsubmitted = text }
    historyIndex = next == history.count ? nil : next
    text = historyIndex.map { history[$0] } ?? unsubmitted
    return .edited
  }
}

extension String {
  fileprivate var trimmingWhitespace: Substring {
    drop { $0.isWhitespace }
  }
}
