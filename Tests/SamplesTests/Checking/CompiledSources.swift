import Foundation

/// The Swift files CI compiles, searched for the samples the documentation shows.
///
/// A sample is found in a file when its text appears there, whitespace aside (indentation and
/// line breaks differ between a page and code), with each line of the sample that is only `...`
/// or `…` standing for any text. Everywhere else `...` is Swift's own (`-1...120` is a range,
/// and matches only itself). The sample's code is found only as code, its comments only as
/// comments and its string literals only as string literals: a file that holds a sample in a
/// comment or a string does not hold a copy of it. `import` lines are not compared, neither in
/// a sample nor in a file: a copy has its imports at its top, where Swift wants them, and may
/// sit inside a namespace, and a sample may show a manifest's `import` under its tools-version
/// line. Doc comments are left out of the files searched: an example in one is what needs a
/// compiled copy, not a copy itself.
struct CompiledSources {
  /// One compiled file: its path from the package's root, its text without doc comments and
  /// imports, and that text's non-whitespace bytes with their kinds.
  struct File {
    let path: String
    let text: SwiftText
    let squeezed: Data
    let kinds: [SwiftText.Kind]
    /// Where each byte of `squeezed` is in `text`.
    let offsets: [Int]

    init(path: String, source: String) {
      self.path = path
      // Left out as blank lines, so the text keeps the file's line numbers.
      let code = source.components(separatedBy: "\n")
        .map {
          $0.trimmingCharacters(in: .whitespaces).hasPrefix("///") || CompiledSources.isImport($0)
            ? "" : $0
        }
        .joined(separator: "\n")
      text = SwiftText(code)
      let squeezed = text.squeezed()
      self.squeezed = Data(squeezed.bytes)
      kinds = squeezed.kinds
      offsets = squeezed.offsets
    }
  }

  /// A run of a sample's text between two elided lines, without whitespace.
  private struct Segment {
    let bytes: Data
    let kinds: [SwiftText.Kind]
  }

  let files: [File]

  /// Reads every `.swift` file under `folders` of `root` and the package's manifest, skipping
  /// build folders.
  init(root: URL, folders: [String]) throws {
    let manifest = try String(
      contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    var sources = [(path: "Package.swift", text: manifest)]
    for folder in folders {
      let base = root.appendingPathComponent(folder)
      guard let walker = FileManager.default.enumerator(atPath: base.path) else { continue }
      while let relative = walker.nextObject() as? String {
        if relative.hasSuffix(".build") || relative.hasSuffix(".swiftpm") {
          walker.skipDescendants()
          continue
        }
        guard relative.hasSuffix(".swift") else { continue }
        let text = try String(contentsOf: base.appendingPathComponent(relative), encoding: .utf8)
        sources.append((path: "\(folder)/\(relative)", text: text))
      }
    }
    self.init(sources: sources)
  }

  /// The files given, as path and text.
  init(sources: [(path: String, text: String)]) {
    files = sources.map { File(path: $0.path, source: $0.text) }.sorted { $0.path < $1.path }
  }

  /// The first file, in path order, that holds `block`.
  func file(holding block: SwiftBlock) -> String? {
    let pattern = Self.pattern(block.lines)
    return files.first { Self.match(pattern, in: $0) != nil }?.path
  }

  /// Every place `file` holds `block`, as ranges of offsets in the file's text: empty if none.
  func ranges(of block: SwiftBlock, in file: File) -> [Range<Int>] {
    let pattern = Self.pattern(block.lines)
    var ranges: [Range<Int>] = []
    var start = 0
    while let found = Self.match(pattern, in: file, from: start), let first = found.first {
      ranges += found.map { file.offsets[$0.lowerBound]..<(file.offsets[$0.upperBound - 1] + 1) }
      start = first.lowerBound + 1
    }
    return ranges
  }

  /// Why no file holds `block`: the file that holds the longest start of it, and the first
  /// line of the block that does not follow there.
  func explainMissing(_ block: SwiftBlock) -> String {
    let imports = block.lines.prefix { Self.isImport($0) }.count
    var best: (path: String, lines: Int)?
    for file in files {
      var matched = imports
      while matched < block.lines.count,
        Self.match(Self.pattern(Array(block.lines.prefix(matched + 1))), in: file) != nil
      {
        matched += 1
      }
      if matched > (best?.lines ?? imports) { best = (file.path, matched) }
    }
    let index = best?.lines ?? imports
    let line = block.lines[index].trimmingCharacters(in: .whitespaces)
    let onPage = block.line + 1 + index
    guard let best else {
      return "\(block) is in no compiled Swift file: not even its first line, `\(line)`, is."
    }
    return """
      \(block) is in no compiled Swift file. The closest is \(best.path), which holds its \
      first \(best.lines) lines; line \(onPage), `\(line)`, does not follow there.
      """
  }

  /// Whether `line` elides text: only `...` or `…` on a line of its own does.
  static func elides(_ line: String) -> Bool {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    return trimmed == "..." || trimmed == "…"
  }

  /// The segments of `lines` without whitespace, split where the sample elides text.
  ///
  /// The sample is scanned whole, so a segment knows whether it continues a comment or a
  /// string literal the segment before it opened.
  private static func pattern(_ lines: [String]) -> [Segment] {
    var text = ""
    var cuts: [Int] = []
    for line in lines where !isImport(line) {
      if elides(line) {
        cuts.append(text.utf8.count)
      } else {
        text += line + "\n"
      }
    }
    let squeezed = SwiftText(text).squeezed()
    var segments: [Segment] = []
    var start = 0
    let ends = cuts.map { cut in
      squeezed.offsets.firstIndex { $0 >= cut } ?? squeezed.offsets.count
    }
    for end in ends + [squeezed.offsets.count] {
      if end > start {
        segments.append(
          Segment(
            bytes: Data(squeezed.bytes[start..<end]), kinds: Array(squeezed.kinds[start..<end])))
      }
      start = max(start, end)
    }
    return segments
  }

  static func isImport(_ line: String) -> Bool {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    return trimmed.hasPrefix("import ") || trimmed.hasPrefix("@testable import ")
  }

  /// Where `file` holds the segments of `pattern` in order, each as a range of its squeezed
  /// bytes; the first place each is found, as the same kinds of text, leaves the most room for
  /// the rest, so that is the only place tried.
  private static func match(
    _ pattern: [Segment], in file: File, from offset: Int = 0
  ) -> [Range<Int>]? {
    var start = offset
    var found: [Range<Int>] = []
    for segment in pattern {
      guard let range = find(segment, in: file, from: start) else { return nil }
      found.append(range)
      start = range.upperBound
    }
    return found
  }

  private static func find(_ segment: Segment, in file: File, from start: Int) -> Range<Int>? {
    var from = start
    while let range = file.squeezed.range(of: segment.bytes, in: from..<file.squeezed.count) {
      if file.kinds[range].elementsEqual(segment.kinds) { return range }
      from = range.lowerBound + 1
    }
    return nil
  }
}
