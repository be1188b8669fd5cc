@testable import AppShell

/// A terminal emulator for the escape sequences the app writes: it keeps the screen's cells,
/// and records as a problem anything a real terminal would get wrong: a character written
/// past the right edge, a line feed on the bottom row (which scrolls the header away), a raw
/// control character, or a sequence the app should not send.
@MainActor
final class VirtualTerminal {
  private(set) var columns: Int
  private(set) var rows: Int
  /// What was written while the alternate (full) screen was off: the normal screen.
  private(set) var normalOutput = ""
  /// What was written to standard error.
  private(set) var errorOutput = ""
  private(set) var problems: [String] = []
  private(set) var isAlternateScreen = false
  private(set) var isRestored = false
  private var cells: [[String]]
  private var row = 0
  private var column = 0
  private var escape: String?

  init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
    cells = Self.blank(columns: columns, rows: rows)
  }

  /// A console that draws on this terminal. It holds the terminal: a session can outlive the
  /// test's harness (it ends when the harness goes, and writes as it leaves).
  var console: Console {
    Console(
      size: { [self] in (columns, rows) },
      write: { [self] in feed($0) },
      writeError: { [self] in errorOutput += $0 },
      usesColor: true,
      restore: { [self] in isRestored = true })
  }

  /// The screen's rows, trailing blanks removed.
  var lines: [String] {
    cells.map { String($0.joined().reversed().drop { $0 == " " }.reversed()) }
  }

  /// The screen as text, for failure messages.
  var picture: String {
    lines.enumerated().map { "\($0.offset < 10 ? " " : "")\($0.offset)|\($0.element)" }
      .joined(separator: "\n")
  }

  /// Changes the size, blanking the screen, as a window resize does before the app redraws.
  func resize(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
    cells = Self.blank(columns: columns, rows: rows)
    row = min(row, rows - 1)
    column = min(column, columns - 1)
  }

  func feed(_ text: String) {
    for character in text {
      if var sequence = escape {
        sequence.append(character)
        escape = sequence
        if sequence.count >= 2, let scalar = character.unicodeScalars.first,
          (0x40...0x7E).contains(scalar.value)
        {
          escape = nil
          apply(sequence)
        } else if sequence.count == 1, character != "[" {
          escape = nil
          problems.append("an escape sequence that is not CSI: ESC \(sequence.debugDescription)")
        }
        continue
      }
      guard isAlternateScreen else {
        if character == "\u{1B}" {
          escape = ""
        } else {
          normalOutput.append(character)
        }
        continue
      }
      switch character {
      case "\u{1B}": escape = ""
      case "\r": column = 0
      case "\n": lineFeed()
      case "\r\n":
        column = 0
        lineFeed()
      default:
        if character.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
          problems.append("a raw control character \(character.debugDescription) on row \(row)")
          continue
        }
        put(character)
      }
    }
  }

  private func put(_ character: Character) {
    let width = TerminalText.width(of: character)
    guard column + width <= columns else {
      problems.append(
        "row \(row) is wider than \(columns) columns at \(String(character).debugDescription)")
      return
    }
    cells[row][column] = String(character)
    if width == 2, column + 1 < columns { cells[row][column + 1] = "" }
    column += width
  }

  private func lineFeed() {
    guard row < rows - 1 else {
      problems.append("a line feed on the bottom row scrolled the screen")
      return
    }
    row += 1
  }

  private func apply(_ sequence: String) {
    switch sequence {
    case "[?1049h":
      isAlternateScreen = true
      cells = Self.blank(columns: columns, rows: rows)
    case "[?1049l": isAlternateScreen = false
    case "[?7l", "[?7h", "[?25l", "[?25h": break
    case "[H":
      row = 0
      column = 0
    // After a character in the last column the cursor stays on that column (a real terminal
    // waits to wrap), so clearing from the cursor erases it.
    case "[K":
      guard isAlternateScreen else { break }
      for index in cursorColumn..<max(cursorColumn, columns) { cells[row][index] = " " }
    case "[J":
      guard isAlternateScreen else { break }
      for index in cursorColumn..<max(cursorColumn, columns) { cells[row][index] = " " }
      for below in (row + 1)..<max(row + 1, rows) {
        cells[below] = Array(repeating: " ", count: columns)
      }
    default:
      if sequence.hasSuffix("m") { break }
      problems.append("an unexpected sequence ESC \(sequence.debugDescription)")
    }
  }

  /// The column the cursor is on: the last one after a character was written there.
  private var cursorColumn: Int { min(column, max(0, columns - 1)) }

  private static func blank(columns: Int, rows: Int) -> [[String]] {
    Array(repeating: Array(repeating: " ", count: max(0, columns)), count: max(0, rows))
  }
}
