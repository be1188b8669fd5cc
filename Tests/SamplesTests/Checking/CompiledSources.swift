import Foundation

/// The Swift files CI compiles, searched for the samples the documentation shows.
///
/// A sample is found in a file when its text appears there, whitespace aside (indentation and
/// line breaks differ between a page and code), with each `...` or `…` of the sample standing
/// for any text. `import` lines are not compared, neither in a sample nor in a file: a copy has
/// its imports at its top, where Swift wants them, and may sit inside a namespace, and a sample
/// may show a manifest's `import` under its tools-version line. Doc comments are left out of
/// the files searched: an example in one is what needs a compiled copy, not a copy itself.
struct CompiledSources {
  /// One compiled file: its path from the package's root, and its text without whitespace.
  private struct File {
    let path: String
    let text: Data
  }

  private let files: [File]

  /// Reads every `.swift` file under `folders` of `root` and the package's manifest, skipping
  /// build folders.
  init(root: URL, folders: [String]) throws {
    let manifest = try String(
      contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    var files = [File(path: "Package.swift", text: Self.squeezed(Self.withoutImports(manifest)))]
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
        let code = text.components(separatedBy: "\n")
          .filter {
            !$0.trimmingCharacters(in: .whitespaces).hasPrefix("///") && !Self.isImport($0)
          }
          .joined(separator: "\n")
        files.append(File(path: "\(folder)/\(relative)", text: Self.squeezed(code)))
      }
    }
    self.files = files.sorted { $0.path < $1.path }
  }

  /// The first file, in path order, that holds `block`.
  func file(holding block: SwiftBlock) -> String? {
    let pattern = Self.pattern(block.lines)
    return files.first { Self.holds($0.text, pattern) }?.path
  }

  /// Why no file holds `block`: the file that holds the longest start of it, and the first
  /// line of the block that does not follow there.
  func explainMissing(_ block: SwiftBlock) -> String {
    let imports = block.lines.prefix { Self.isImport($0) }.count
    var best: (path: String, lines: Int)?
    for file in files {
      var matched = imports
      while matched < block.lines.count,
        Self.holds(file.text, Self.pattern(Array(block.lines.prefix(matched + 1))))
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

  /// The segments of `lines` without whitespace, split where the sample elides text.
  private static func pattern(_ lines: [String]) -> [Data] {
    lines.filter { !isImport($0) }.joined(separator: "\n")
      .replacingOccurrences(of: "…", with: "...")
      .components(separatedBy: "...")
      .map(squeezed)
      .filter { !$0.isEmpty }
  }

  private static func withoutImports(_ text: String) -> String {
    text.components(separatedBy: "\n").filter { !isImport($0) }.joined(separator: "\n")
  }

  private static func isImport(_ line: String) -> Bool {
    line.trimmingCharacters(in: .whitespaces).hasPrefix("import ")
  }

  /// Whether `text` holds the segments of `pattern` in order; the first place each is found
  /// leaves the most room for the rest, so that is the only place tried.
  private static func holds(_ text: Data, _ pattern: [Data]) -> Bool {
    var start = 0
    for segment in pattern {
      guard let found = offset(of: segment, in: text, from: start) else { return false }
      start = found + segment.count
    }
    return true
  }

  private static func offset(of needle: Data, in haystack: Data, from start: Int) -> Int? {
    haystack.range(of: needle, in: start..<haystack.count)?.lowerBound
  }

  /// `text`'s UTF-8 bytes without spaces, tabs and line breaks.
  private static func squeezed(_ text: String) -> Data {
    Data(text.utf8.filter { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D })
  }
}
