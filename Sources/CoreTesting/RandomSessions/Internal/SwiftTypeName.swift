/// Writes a type's name as Swift source outside its module: `OrderDetail.State`,
/// `IdentifiedArray<LineItem>`, `Dictionary<String, Array<Int>>`.
enum SwiftTypeName {
  /// `type`'s name with every module qualifier dropped, or `nil` when Swift cannot name it from
  /// outside its file: a `private` or `fileprivate` type, or one local to a function.
  static func of(_ type: Any.Type) -> String? {
    of(reflecting: String(reflecting: type))
  }

  /// The name `String(reflecting:)` gave, `reflected`, written as ``of(_:)`` writes it.
  static func of(reflecting reflected: String) -> String? {
    var text = reflected
    guard !text.contains("(unknown context at "), !text.contains("(local ") else { return nil }
    // A type nested in an extension declared in another module: `(extension in Orders):Core.X`.
    while let start = text.range(of: "(extension in "),
      let end = text[start.upperBound...].range(of: "):")
    {
      text.removeSubrange(start.lowerBound..<end.upperBound)
    }
    return withoutModules(text)
  }

  /// `text` with the first name of each dotted chain of names dropped: in `String(reflecting:)`
  /// every nominal type starts with its module (`Swift.Array<Orders.Order>`), and nothing else
  /// starts a chain (`Swift.Int.Type` is `Int.Type`; a tuple's labels stand alone).
  private static func withoutModules(_ text: String) -> String {
    let characters = Array(text)
    var result = ""
    var index = 0
    while index < characters.count {
      let character = characters[index]
      let startsChain =
        isIdentifierStart(character)
        && (index == 0
          || !(isIdentifierPart(characters[index - 1]) || characters[index - 1] == "."))
      guard startsChain else {
        result.append(character)
        index += 1
        continue
      }
      var end = index
      while end < characters.count, isIdentifierPart(characters[end]) { end += 1 }
      if end + 1 < characters.count, characters[end] == ".", isIdentifierStart(characters[end + 1])
      {
        index = end + 1
      } else {
        result += String(characters[index..<end])
        index = end
      }
    }
    return result
  }

  private static func isIdentifierStart(_ character: Character) -> Bool {
    character == "_" || character.isLetter
  }

  private static func isIdentifierPart(_ character: Character) -> Bool {
    character == "_" || character.isLetter || character.isNumber
  }
}
