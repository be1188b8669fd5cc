/// The longest text each field accepts, checked when the command is parsed so that an
/// over-long or garbled value never reaches the draft, the screen or the state file.
///
/// ```swift
/// try FieldLimits.check("Ada", field: "name", limit: FieldLimits.name)  // fine
/// try FieldLimits.check("\u{1B}[2J", field: "name", limit: FieldLimits.name)
/// // CommandError: "The name contains control characters (^[); type it without them."
/// ```
enum FieldLimits {
  /// A name: the Profile module's own limit.
  static let name = 60
  /// An email address: the longest a mail system delivers to.
  static let email = 254
  /// Each part of an address (street, city, postal code, country).
  static let addressPart = 100

  /// Rejects `text` when it is longer than `limit` characters or holds control characters.
  static func check(_ text: String, field: String, limit: Int) throws(CommandError) {
    if TerminalText.hasControlCharacters(text) {
      let found = text.unicodeScalars.filter(TerminalText.needsEscaping).prefix(3)
        .map { TerminalText.escaped(String($0)) }.joined(separator: ", ")
      throw CommandError(
        "The \(field) contains control characters (\(found)); type it without them.")
    }
    let count = text.count
    guard count <= limit else {
      throw CommandError("The \(field) has \(count) characters; use at most \(limit).")
    }
  }

  /// Checks each part of an address, given as (name, value) pairs, against ``addressPart``.
  static func check(addressParts parts: [(String, String)]) throws(CommandError) {
    for (name, value) in parts {
      try check(value, field: name, limit: addressPart)
    }
  }
}
