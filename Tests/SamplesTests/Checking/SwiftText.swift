/// Swift source text with each character marked as code, comment or string-literal text.
///
/// The sample check compares a sample with a file character by character and kind by kind, so
/// code a page shows is found only as code: the same text in a comment or in a string literal
/// is no copy of it. The scan knows what the check needs (line and nested block comments,
/// single-line, multi-line and raw string literals, escapes and interpolations), not the whole
/// grammar: a regular-expression literal, say, reads as code.
struct SwiftText {
  /// What a character of the source is part of.
  enum Kind: UInt8 {
    case code
    case comment
    case string
  }

  /// The source's characters, as UTF-8 bytes.
  let bytes: [UInt8]
  /// What each byte of `bytes` is part of.
  let kinds: [Kind]

  init(_ text: String) {
    let bytes = Array(text.utf8)
    var scanner = Scanner(bytes: bytes)
    self.bytes = bytes
    self.kinds = scanner.kinds()
  }

  /// The bytes that are not whitespace, each with its kind and its offset in `bytes`.
  func squeezed() -> (bytes: [UInt8], kinds: [Kind], offsets: [Int]) {
    var result: (bytes: [UInt8], kinds: [Kind], offsets: [Int]) = ([], [], [])
    for (offset, byte) in bytes.enumerated() where !Self.isWhitespace(byte) {
      result.bytes.append(byte)
      result.kinds.append(kinds[offset])
      result.offsets.append(offset)
    }
    return result
  }

  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// Walks the bytes once, keeping the nesting of literals, comments and interpolations.
  private struct Scanner {
    /// Where the scan is: the innermost construct last.
    private enum Context {
      /// Code; inside an interpolation, `parentheses` counts the open ones it must close
      /// before the `)` that ends it.
      case code(parentheses: Int)
      case blockComment
      /// A string literal: `multiLine` for `"""`, `hashes` for a raw string's `#`s.
      case string(multiLine: Bool, hashes: Int)
    }

    let bytes: [UInt8]
    private var index = 0
    private var stack: [Context] = [.code(parentheses: 0)]

    init(bytes: [UInt8]) {
      self.bytes = bytes
    }

    mutating func kinds() -> [Kind] {
      var kinds = [Kind](repeating: .code, count: bytes.count)
      while index < bytes.count {
        let start = index
        let kind = step()
        for marked in start..<max(index, start + 1) where marked < kinds.count {
          kinds[marked] = kind
        }
        index = max(index, start + 1)
      }
      return kinds
    }

    private func byte(at offset: Int) -> UInt8? {
      offset < bytes.count ? bytes[offset] : nil
    }

    private func starts(with text: String, at offset: Int) -> Bool {
      var at = offset
      for byte in text.utf8 {
        guard at < bytes.count, bytes[at] == byte else { return false }
        at += 1
      }
      return true
    }

    /// Consumes one construct's opening or one character, and says what it was part of.
    private mutating func step() -> Kind {
      switch stack[stack.count - 1] {
      case .code(let parentheses): return stepInCode(parentheses: parentheses)
      case .blockComment: return stepInBlockComment()
      case .string(let multiLine, let hashes):
        return stepInString(multiLine: multiLine, hashes: hashes)
      }
    }

    private mutating func stepInCode(parentheses: Int) -> Kind {
      let first = bytes[index]
      if first != UInt8(ascii: "/") && first != UInt8(ascii: "#") && first != UInt8(ascii: "\"")
        && first != UInt8(ascii: "(") && first != UInt8(ascii: ")")
      {
        index += 1
        return .code
      }
      if starts(with: "//", at: index) {
        while index < bytes.count, bytes[index] != 0x0A { index += 1 }
        return .comment
      }
      if starts(with: "/*", at: index) {
        stack.append(.blockComment)
        index += 2
        return .comment
      }
      var hashes = 0
      while byte(at: index + hashes) == UInt8(ascii: "#") { hashes += 1 }
      if byte(at: index + hashes) == UInt8(ascii: "\"") {
        let multiLine = starts(with: "\"\"\"", at: index + hashes)
        stack.append(.string(multiLine: multiLine, hashes: hashes))
        index += hashes + (multiLine ? 3 : 1)
        return .string
      }
      switch bytes[index] {
      case UInt8(ascii: "("):
        stack[stack.count - 1] = .code(parentheses: parentheses + 1)
      case UInt8(ascii: ")") where stack.count > 1 && parentheses == 0:
        // The `)` that ends an interpolation belongs to the string around it.
        stack.removeLast()
        index += 1
        return .string
      case UInt8(ascii: ")"):
        stack[stack.count - 1] = .code(parentheses: max(0, parentheses - 1))
      default:
        break
      }
      index += 1
      return .code
    }

    private mutating func stepInBlockComment() -> Kind {
      if bytes[index] != UInt8(ascii: "/") && bytes[index] != UInt8(ascii: "*") {
        index += 1
        return .comment
      }
      if starts(with: "/*", at: index) {
        stack.append(.blockComment)
        index += 2
      } else if starts(with: "*/", at: index) {
        stack.removeLast()
        index += 2
      } else {
        index += 1
      }
      return .comment
    }

    private mutating func stepInString(multiLine: Bool, hashes: Int) -> Kind {
      if bytes[index] != UInt8(ascii: "\\") && bytes[index] != UInt8(ascii: "\"")
        && bytes[index] != 0x0A
      {
        index += 1
        return .string
      }
      let delimiters = String(repeating: "#", count: hashes)
      if starts(with: "\\" + delimiters + "(", at: index) {
        index += 2 + hashes
        stack.append(.code(parentheses: 0))
        return .string
      }
      if starts(with: "\\" + delimiters, at: index) {
        // An escape: its next character cannot end the literal.
        index += 2 + hashes
        return .string
      }
      let closing = (multiLine ? "\"\"\"" : "\"") + delimiters
      if starts(with: closing, at: index) {
        stack.removeLast()
        index += closing.utf8.count
        return .string
      }
      if !multiLine, bytes[index] == 0x0A {
        // An unterminated single-line literal ends with its line, as the compiler says.
        stack.removeLast()
        return .code
      }
      index += 1
      return .string
    }
  }
}
