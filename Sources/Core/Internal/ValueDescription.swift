/// Short, source-like descriptions of values for failure messages: `.loaded(42)` rather than
/// `MyFeature.Action.loaded(42)`, and `.path(.element(id: #0, action: .saveTapped))` rather
/// than `.path(StackAction<Screen.State, Screen.Action>.element(...))`. `TestStore`'s messages
/// and `_printChanges` both describe actions this way.
package enum ValueDescription {
  /// `value` as `debugPrint` writes it, with module and type qualifiers trimmed: a qualified
  /// enum case keeps only `.case`, a qualified type only its name. String literals are kept
  /// as they are.
  package static func of(_ value: Any) -> String {
    var text = ""
    debugPrint(value, terminator: "", to: &text)
    return trimmingQualifiers(withoutUnknownContexts(text))
  }

  /// `action` as a log names it: an enum case with its type, `AppAction.profile(.nameChanged(
  /// "Ada"))`, so a line read alone still says which feature's action it was; the payload is
  /// trimmed as `of(_:)` trims it.
  package static func ofAction<Action>(_ action: Action) -> String {
    let text = of(action)
    guard text.hasPrefix(".") else { return text }
    return typeName(of: Action.self) + text
  }

  /// `type`'s name without its module: `OrdersFeature.Action`, `StackAction<Int, Int>`.
  package static func typeName(of type: Any.Type) -> String {
    let name = withoutUnknownContexts(String(reflecting: type))
    guard let dot = name.firstIndex(of: "."), !name[..<dot].contains("<") else { return name }
    return String(name[name.index(after: dot)...])
  }

  /// `text` without the `(unknown context at $10b4c5f2c).` that qualifies a `private` or
  /// `fileprivate` type's name, so that the name is trimmed like any other.
  static func withoutUnknownContexts(_ text: String) -> String {
    let marker = "(unknown context at $"
    guard text.contains(marker) else { return text }
    var result = ""
    var rest = text[...]
    while let start = rest.range(of: marker) {
      result += rest[..<start.lowerBound]
      rest = rest[start.upperBound...]
      guard let end = rest.firstIndex(of: ")") else { break }
      rest = rest[rest.index(after: end)...]
      if rest.first == "." { rest = rest.dropFirst() }
    }
    return result + rest
  }

  static func trimmingQualifiers(_ text: String) -> String {
    let characters = Array(text)
    var result = ""
    var index = 0
    var isInString = false
    while index < characters.count {
      let character = characters[index]
      if isInString {
        result.append(character)
        if character == "\\", index + 1 < characters.count {
          result.append(characters[index + 1])
          index += 2
          continue
        }
        if character == "\"" { isInString = false }
        index += 1
        continue
      }
      if character == "\"" {
        isInString = true
      } else if isIdentifierStart(character),
        index == 0 || !(isIdentifierPart(characters[index - 1]) || characters[index - 1] == ".")
      {
        let (components, end) = identifierChain(in: characters, from: index)
        // `StackAction<State, Action>.element(...)`: a generic type naming an enum case is
        // written `.element(...)`, as a user writes it.
        if let caseStart = genericCaseStart(in: characters, from: end) {
          index = caseStart
          continue
        }
        if components.count > 1, let last = components.last, let first = last.first {
          result += first.isUppercase ? last : ".\(last)"
        } else {
          result += components.joined(separator: ".")
        }
        index = end
        continue
      }
      result.append(character)
      index += 1
    }
    return result
  }

  /// When `start` opens generic arguments (`<...>`) followed by `.case`, the index of that `.`.
  private static func genericCaseStart(in characters: [Character], from start: Int) -> Int? {
    guard start < characters.count, characters[start] == "<" else { return nil }
    var depth = 0
    var index = start
    while index < characters.count {
      switch characters[index] {
      case "<": depth += 1
      case ">": depth -= 1
      case "\"", "(", ")": return nil
      default: break
      }
      index += 1
      if depth == 0 { break }
    }
    guard depth == 0, index + 1 < characters.count, characters[index] == ".",
      isIdentifierStart(characters[index + 1]), !characters[index + 1].isUppercase
    else { return nil }
    return index
  }

  /// The dot-separated identifiers starting at `start`, and the index after them.
  private static func identifierChain(
    in characters: [Character], from start: Int
  ) -> (components: [String], end: Int) {
    var components: [String] = []
    var index = start
    while index < characters.count, isIdentifierStart(characters[index]) {
      var end = index
      while end < characters.count, isIdentifierPart(characters[end]) { end += 1 }
      components.append(String(characters[index..<end]))
      index = end
      guard
        index + 1 < characters.count, characters[index] == ".",
        isIdentifierStart(characters[index + 1])
      else { break }
      index += 1
    }
    return (components, index)
  }

  private static func isIdentifierStart(_ character: Character) -> Bool {
    character == "_" || character.isLetter
  }

  private static func isIdentifierPart(_ character: Character) -> Bool {
    character == "_" || character.isLetter || character.isNumber
  }
}
