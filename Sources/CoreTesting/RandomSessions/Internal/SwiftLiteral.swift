/// Writes Swift literals that the compiler reads back as the same value: strings with their
/// escapes, and floating-point numbers that round-trip.
enum SwiftLiteral {
  /// `text` as a string literal: `"say \"hi\"\n"`.
  ///
  /// Quotes, backslashes, tabs, line breaks and other control characters are escaped; so is
  /// every scalar that is not visible alone (combining marks, format characters such as the
  /// zero-width joiner inside an emoji sequence, separators other than the space, unassigned
  /// and private-use scalars), written `\u{200D}`, so that the literal reads as what it holds
  /// and compiles wherever it stands. Letters, digits, punctuation and symbols, emoji among
  /// them, are kept as they are.
  static func string(_ text: some StringProtocol) -> String {
    var literal = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": literal += "\\\""
      case "\\": literal += "\\\\"
      case "\n": literal += "\\n"
      case "\r": literal += "\\r"
      case "\t": literal += "\\t"
      case "\0": literal += "\\0"
      case " ": literal += " "
      default:
        if isVisible(scalar) {
          literal.unicodeScalars.append(scalar)
        } else {
          literal += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }
      }
    }
    return literal + "\""
  }

  /// Whether `scalar` is a letter, number, punctuation or symbol.
  private static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .decimalNumber, .letterNumber, .otherNumber,
      .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
      .initialPunctuation, .finalPunctuation, .otherPunctuation,
      .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
      true
    default:
      false
    }
  }

  /// `value` as a literal the compiler reads back as the same value: `0.1`, `1e-05`, `-0.0`;
  /// `.infinity`, `-.infinity` and `.nan` for the values without a literal.
  ///
  /// `description` is the shortest text that round-trips; a literal of a binary floating-point
  /// type is rounded to the nearest value, which is `value` again.
  static func number<Value: BinaryFloatingPoint & LosslessStringConvertible>(
    _ value: Value
  ) -> String {
    if value.isNaN { return ".nan" }
    if value.isInfinite { return value < 0 ? "-.infinity" : ".infinity" }
    return value.description
  }
}
