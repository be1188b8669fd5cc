import Foundation
import Testing

/// Every Swift sample a user reads is in a Swift file CI compiles, so it compiles too.
///
/// A sample in README.md, a page of Docs/, an article of the DocC catalog or an example
/// package's README must appear in a compiled Swift file; so must the examples in the `///`
/// comments of the library modules. `NotYetCompiled` lists those still without a copy.
/// Docs/CodeSamples.md says how to add a sample.
@Suite struct SamplesAreCompiledTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The Markdown pages whose samples must compile, relative to the package's root.
  static func pages() throws -> [String] {
    let folders = ["Docs", "Sources/Core/Documentation.docc"]
    let inFolders = try folders.flatMap { folder in
      try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
        .filter { $0.hasSuffix(".md") }.map { "\(folder)/\($0)" }
    }
    let examples = try FileManager.default.contentsOfDirectory(
      atPath: root.appendingPathComponent("Examples").path
    ).map { "Examples/\($0)/README.md" }
    return (["README.md"] + inFolders + examples).filter {
      FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path)
    }.sorted()
  }

  /// The source files of the library modules, whose `///` examples must compile.
  static func librarySources() -> [String] {
    let folders = ["Sources/Core", "Sources/CoreTesting", "Sources/Features"]
    return folders.flatMap { folder in
      (FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)?
        .allObjects as? [String] ?? [])
        .filter { $0.hasSuffix(".swift") }.map { "\(folder)/\($0)" }
    }.sorted()
  }

  static func compiled() throws -> CompiledSources {
    try CompiledSources(root: root, folders: ["Sources", "Tests", "Examples"])
  }

  static func read(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// The ```swift blocks of every page.
  static func pageBlocks() throws -> [SwiftBlock] {
    try pages().flatMap { SwiftBlock.inMarkdown(try read($0), file: $0) }
  }

  /// The ```swift blocks of the doc comments of every library source.
  static func docCommentBlocks() throws -> [SwiftBlock] {
    try librarySources().flatMap { SwiftBlock.inDocComments(try read($0), file: $0) }
  }

  @Test func everySampleOfEveryPageIsCompiled() throws {
    let compiled = try Self.compiled()
    let blocks = try Self.pageBlocks()
    #expect(!blocks.isEmpty)
    for block in blocks where !NotYetCompiled.pageSamples.contains(block.id) {
      if compiled.file(holding: block) == nil {
        Issue.record(Comment(rawValue: compiled.explainMissing(block)))
      }
    }
  }

  @Test func everyDocCommentExampleIsCompiled() throws {
    let compiled = try Self.compiled()
    for block in try Self.docCommentBlocks()
    where !NotYetCompiled.docCommentFiles.contains(block.file) {
      if compiled.file(holding: block) == nil {
        Issue.record(Comment(rawValue: compiled.explainMissing(block)))
      }
    }
  }

  /// The declarations of the copy files (Tests/SamplesTests/Pages and API) that are no copy
  /// of any of `blocks` and that no copy uses: copies whose sample was deleted or changed.
  static func unneededCopies(
    of blocks: [SwiftBlock], in compiled: CompiledSources
  ) -> [CopyDeclarations.Declaration] {
    let copyFiles = compiled.files.filter {
      $0.path.hasPrefix("Tests/SamplesTests/Pages/") || $0.path.hasPrefix("Tests/SamplesTests/API/")
    }
    var copies: [String: [Range<Int>]] = [:]
    for block in blocks {
      for file in copyFiles {
        copies[file.path, default: []] += compiled.ranges(of: block, in: file)
      }
    }
    return CopyDeclarations.unneeded(
      copyFiles.map { CopyDeclarations(file: $0.path, text: $0.text) }, copies: copies)
  }

  /// A copy whose sample is gone is reported, so the copies keep up with the pages.
  @Test func everyCopyHasItsSample() throws {
    let compiled = try Self.compiled()
    let blocks = try Self.pageBlocks() + Self.docCommentBlocks()
    for declaration in Self.unneededCopies(of: blocks, in: compiled) {
      Issue.record(
        Comment(
          rawValue: """
            \(declaration.file):\(declaration.line), `\(declaration.summary)`, is a copy of no \
            sample, and no copy uses it: its sample was deleted or changed. Delete it, or make \
            it a faithful copy of its sample again.
            """))
    }
  }

  /// A sample that compiles now leaves `NotYetCompiled`, so the list only shrinks.
  @Test func whatIsNotYetCompiledStillIsNot() throws {
    let compiled = try Self.compiled()
    let pageBlocks = try Self.pageBlocks()
    for id in NotYetCompiled.pageSamples.sorted() {
      guard let block = pageBlocks.first(where: { $0.id == id }) else {
        Issue.record("NotYetCompiled.pageSamples lists `\(id)`, which is no sample.")
        continue
      }
      if compiled.file(holding: block) != nil {
        Issue.record("`\(id)` is compiled now: remove it from NotYetCompiled.pageSamples.")
      }
    }
    let docBlocks = try Self.docCommentBlocks()
    for file in NotYetCompiled.docCommentFiles.sorted() {
      let blocks = docBlocks.filter { $0.file == file }
      if blocks.allSatisfy({ compiled.file(holding: $0) != nil }) {
        Issue.record(
          Comment(
            rawValue: "Every example in `\(file)` is compiled now: remove it from "
              + "NotYetCompiled.docCommentFiles."))
      }
    }
  }
}
