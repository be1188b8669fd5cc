/// The declarations of a file of sample copies, for finding copies no sample needs any more.
///
/// A copy file (Tests/SamplesTests/Pages and API) holds copies of samples and what they need
/// that the page does not show. Its declarations are read at the level a copy sits: the top
/// level, and the members of a namespace (an extension, a type holding `@Test` functions, or
/// an enum without cases). A declaration a sample is found in is a copy; one named by a copy
/// (or by what a copy names) is what it needs; any other is a copy whose sample was deleted or
/// changed, and `SamplesAreCompiledTests` reports it.
struct CopyDeclarations {
  /// One declaration a copy may be: where it is, what it declares, and its code's identifiers.
  struct Declaration {
    let file: String
    /// Its line in the file's text, counted from 1.
    let line: Int
    /// Its first line, trimmed.
    let summary: String
    let range: Range<Int>
    /// The name it declares, if any.
    let name: String?
    /// The namespaces it is in, outermost first: a name it uses means the declaration of that
    /// name in the nearest of them, as in Swift.
    let namespaces: [String]
    /// For a member of an extension, the type extended, named by the member's initializers.
    let extended: String?
    /// Whether its extension declares a conformance, which its members serve unnamed.
    let servesConformance: Bool
    /// The identifiers its code names.
    let identifiers: Set<String>
  }

  let declarations: [Declaration]

  init(file: String, text: SwiftText) {
    var found: [Declaration] = []
    Self.collect(
      in: 0..<text.bytes.count, of: text, file: file, namespaces: [], extended: nil,
      servesConformance: false, into: &found)
    declarations = found
  }

  /// The declarations of several files that are no copy, exercise no copy, and are not
  /// named by one that is or does, directly or through another: copies whose sample is gone.
  /// `copies` are ranges of each file's text.
  ///
  /// A test that uses a copied declaration exercises it (a sample that prints is checked by
  /// one); a suite's `init` and `deinit` serve every test in it.
  static func unneeded(
    _ files: [CopyDeclarations], copies: [String: [Range<Int>]]
  ) -> [Declaration] {
    let all = files.flatMap(\.declarations)
    let byName = Dictionary(grouping: all.indices.filter { all[$0].name != nil }) { all[$0].name! }
    // The declarations `name` means in `user`: those in the nearest namespace around it that
    // declares the name, or, for a name no namespace around it declares (a member, or a name
    // qualified by another namespace), every declaration of it.
    func meant(by name: String, in user: Declaration) -> [Int] {
      let candidates = byName[name] ?? []
      for depth in stride(from: user.namespaces.count, through: 0, by: -1) {
        let scope = user.namespaces.prefix(depth)
        let here = candidates.filter { all[$0].namespaces[...] == scope }
        if !here.isEmpty { return here }
      }
      return candidates
    }
    let isCopy = all.map { declaration in
      copies[declaration.file, default: []].contains { $0.overlaps(declaration.range) }
    }
    var needed = all.indices.map { index in
      isCopy[index]
        || all[index].identifiers.contains { meant(by: $0, in: all[index]).contains { isCopy[$0] } }
        || (all[index].extended == nil && ["init", "deinit"].contains(all[index].name ?? ""))
    }
    var work = all.indices.filter { needed[$0] }
    var named = Set<String>()
    while let index = work.popLast() {
      named.formUnion(all[index].identifiers)
      for name in all[index].identifiers {
        for other in meant(by: name, in: all[index]) where !needed[other] {
          needed[other] = true
          work.append(other)
        }
      }
      // An extension's initializers, and what its conformance needs, are needed where its type
      // is named.
      for other in all.indices where !needed[other] {
        if all[other].servesConformance
          || ["init", "subscript", "callAsFunction"].contains(all[other].name ?? ""),
          let extended = all[other].extended, named.contains(extended)
        {
          needed[other] = true
          work.append(other)
        }
      }
    }
    return all.indices.filter { !needed[$0] }.map { all[$0] }
  }

  // MARK: - Reading declarations

  private static let keywords: Set<String> = [
    "struct", "enum", "class", "actor", "protocol", "extension", "typealias", "func", "var",
    "let", "case", "init", "deinit", "subscript",
  ]

  /// Splits `range` of `text` into declarations, descending into namespaces.
  private static func collect(
    in range: Range<Int>, of text: SwiftText, file: String, namespaces: [String],
    extended: String?, servesConformance: Bool,
    into found: inout [Declaration]
  ) {
    for unit in units(in: range, of: text) {
      let words = identifiers(in: unit.header, of: text)
      let keyword = words.first { keywords.contains($0) }
      let name = keyword.flatMap { keyword -> String? in
        if ["init", "deinit", "subscript"].contains(keyword) { return keyword }
        guard let at = words.firstIndex(of: keyword), at + 1 < words.count else { return nil }
        return words[at + 1]
      }
      if let body = unit.body, let keyword,
        isNamespace(keyword: keyword, header: unit.header, body: body, of: text)
      {
        collect(
          in: body, of: text, file: file, namespaces: namespaces + [name ?? ""],
          extended: keyword == "extension" ? name : nil,
          servesConformance: keyword == "extension"
            && code(in: unit.header, of: text).contains(":"),
          into: &found)
        continue
      }
      // Named by its first line that is more than attributes.
      var start = unit.range.lowerBound
      var lineEnd =
        text.bytes[start..<unit.range.upperBound].firstIndex(of: 0x0A) ?? unit.range.upperBound
      while lineEnd < unit.range.upperBound, isAttributes(code(in: start..<lineEnd, of: text)) {
        start = lineEnd + 1
        lineEnd =
          text.bytes[start..<unit.range.upperBound].firstIndex(of: 0x0A) ?? unit.range.upperBound
      }
      let line = lineNumber(of: start, in: text)
      let summary = String(decoding: text.bytes[start..<lineEnd], as: UTF8.self)
      found.append(
        Declaration(
          file: file, line: line, summary: summary.trimmingCharacters(in: .whitespaces),
          range: unit.range, name: name, namespaces: namespaces, extended: extended,
          servesConformance: servesConformance,
          identifiers: Set(identifiers(in: unit.range, of: text))))
    }
  }

  /// Whether a declaration's members are each a declaration a copy may be.
  private static func isNamespace(
    keyword: String, header: Range<Int>, body: Range<Int>, of text: SwiftText
  ) -> Bool {
    switch keyword {
    case "extension":
      return true
    case "struct", "class", "enum", "actor":
      let members = units(in: body, of: text)
      let memberWords = members.map { identifiers(in: $0.header, of: text) }
      let attributes = identifiers(in: header, of: text)
      // An enum without cases is a namespace, unless it conforms to something or builds
      // results: then its members serve that, unnamed.
      let conforms = code(in: header, of: text).contains(":")
      if keyword == "enum", !conforms, !attributes.contains("resultBuilder"),
        !memberWords.contains(where: { $0.first(where: keywords.contains) == "case" })
      {
        return true
      }
      return attributes.contains("Suite")
        || members.contains { code(in: $0.header, of: text).contains("@Test") }
    default:
      return false
    }
  }

  /// A statement or declaration at one level: all of it, the part before its first `{`, and
  /// what is between that `{` and its `}`.
  private struct Unit {
    var range: Range<Int>
    var header: Range<Int>
    var body: Range<Int>?
  }

  /// The units of `range`: each runs to the end of a line where its brackets are closed,
  /// unless the line or the next one says it goes on (an attribute line, an operator at the
  /// end of one, a `.`, `{` or `->` starting the next).
  private static func units(in range: Range<Int>, of text: SwiftText) -> [Unit] {
    var units: [Unit] = []
    var current: Unit?
    var depth = 0
    var lastCode: UInt8 = 0
    var index = range.lowerBound
    while index < range.upperBound {
      let byte = text.bytes[index]
      let isCode = text.kinds[index] == .code
      if isCode, !SwiftText.isWhitespace(byte) {
        var unit = current ?? Unit(range: index..<index, header: index..<index)
        switch byte {
        case UInt8(ascii: "{"):
          if depth == 0, unit.body == nil {
            unit.header = unit.range.lowerBound..<index
            unit.body = (index + 1)..<(index + 1)
          }
          depth += 1
        case UInt8(ascii: "("), UInt8(ascii: "["):
          depth += 1
        case UInt8(ascii: "}"):
          depth -= 1
          if depth == 0, let body = unit.body, body.isEmpty {
            unit.body = body.lowerBound..<index
          }
        case UInt8(ascii: ")"), UInt8(ascii: "]"):
          depth -= 1
        default:
          break
        }
        lastCode = byte
        unit.range = unit.range.lowerBound..<(index + 1)
        current = unit
      }
      if let unit = current, depth <= 0, byte == 0x0A || index + 1 == range.upperBound,
        !goesOn(unit, lastCode: lastCode, after: index + 1, in: range, of: text)
      {
        var finished = unit
        if finished.body == nil { finished.header = finished.range }
        units.append(finished)
        current = nil
        depth = 0
      }
      index += 1
    }
    if var unit = current {
      if unit.body == nil { unit.header = unit.range }
      units.append(unit)
    }
    return units
  }

  private static func goesOn(
    _ unit: Unit, lastCode: UInt8, after end: Int, in range: Range<Int>, of text: SwiftText
  ) -> Bool {
    if "=,(:<&|+-*/?".utf8.contains(lastCode) || lastCode == UInt8(ascii: ">") && unit.body == nil {
      return true
    }
    let line = code(
      in: lineStart(before: unit.range.upperBound, in: text)..<unit.range.upperBound, of: text)
    if isAttributes(line) { return true }
    var next = end
    while next < range.upperBound,
      SwiftText.isWhitespace(text.bytes[next]) || text.kinds[next] == .comment
    {
      next += 1
    }
    guard next < range.upperBound else { return false }
    let rest = String(decoding: text.bytes[next..<min(next + 6, range.upperBound)], as: UTF8.self)
    return [".", "{", "->", "where", "else", "&&", "||", "?", ":"].contains { rest.hasPrefix($0) }
  }

  /// Whether `line` is attributes only, such as `@MainActor` or `@Test(.tags(.slow))`.
  private static func isAttributes(_ line: String) -> Bool {
    line.wholeMatch(of: /(\s*@\w+(\(.*\))?)+\s*/) != nil
  }

  private static func lineNumber(of offset: Int, in text: SwiftText) -> Int {
    text.bytes[..<offset].count { $0 == 0x0A } + 1
  }

  private static func lineStart(before offset: Int, in text: SwiftText) -> Int {
    var start = offset
    while start > 0, text.bytes[start - 1] != 0x0A { start -= 1 }
    return start
  }

  /// The code of `range`, comments and literals left out.
  private static func code(in range: Range<Int>, of text: SwiftText) -> String {
    String(decoding: range.filter { text.kinds[$0] == .code }.map { text.bytes[$0] }, as: UTF8.self)
  }

  /// The identifiers the code of `range` names, in order.
  private static func identifiers(in range: Range<Int>, of text: SwiftText) -> [String] {
    var words: [String] = []
    var word: [UInt8] = []
    for offset in range {
      let byte = text.bytes[offset]
      let isPart =
        text.kinds[offset] == .code
        && (byte == UInt8(ascii: "_") || (0x30...0x39).contains(byte)
          || (0x41...0x5A).contains(byte)
          || (0x61...0x7A).contains(byte) || byte >= 0x80)
      if isPart {
        word.append(byte)
      } else if !word.isEmpty {
        words.append(String(decoding: word, as: UTF8.self))
        word = []
      }
    }
    if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
    return words
  }
}
