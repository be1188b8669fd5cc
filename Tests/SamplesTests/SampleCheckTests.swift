import Foundation
import Testing

/// The sample check itself: what counts as a copy of a sample, and what does not.
@Suite struct SampleCheckTests {
  /// The check over `files` (path to text, under Tests/), with a manifest of its own.
  static func compiled(_ files: [String: String]) throws -> CompiledSources {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("SampleCheckTests-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: root) }
    for (path, text) in files.merging(
      ["Package.swift": "let package = 0\n"], uniquingKeysWith: { a, _ in a })
    {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    return try CompiledSources(root: root, folders: ["Tests"])
  }

  /// The one ```swift block of a page whose sample is `sample`.
  static func block(_ sample: String) -> SwiftBlock {
    SwiftBlock.inMarkdown("# Page\n\n```swift\n\(sample)\n```\n", file: "Docs/Page.md")[0]
  }

  static func isCompiled(_ sample: String, in file: String) throws -> Bool {
    try compiled(["Tests/Copy.swift": file]).file(holding: block(sample)) != nil
  }

  @Test func aRangeOperatorMatchesOnlyItself() throws {
    let sample = "let quantity = next.int(in: -1...120)"
    #expect(try Self.isCompiled(sample, in: "let quantity = next.int(in: -1...120)\n"))
    #expect(try !Self.isCompiled(sample, in: "let quantity = next.int(in: -1..<120)\n"))
    #expect(try !Self.isCompiled("let all = 0...", in: "let all = 0..<9\n"))
  }

  @Test func onlyALineOfItsOwnElides() throws {
    let excerpt = "struct Feature {\n  ...\n  var body: Int { 1 }\n}"
    let copy = "struct Feature {\n  var name = \"\"\n  var body: Int { 1 }\n}\n"
    #expect(try Self.isCompiled(excerpt, in: copy))
    #expect(try Self.isCompiled("struct Feature {\n  …\n}", in: copy))
    // `...` inside a line is Swift's, or text, never an elision.
    #expect(try !Self.isCompiled("struct Feature { ... }", in: copy))
    #expect(
      try !Self.isCompiled(
        "Reduce { state, action in ... }", in: "Reduce { state, action in .none }\n"))
  }

  @Test func aCommentIsNoCopy() throws {
    let sample = "let answer = 42"
    #expect(try Self.isCompiled(sample, in: "func f() {\n  let answer = 42\n}\n"))
    #expect(try !Self.isCompiled(sample, in: "// let answer = 42\n"))
    #expect(try !Self.isCompiled(sample, in: "/* An example:\n  let answer = 42\n */\n"))
    #expect(try !Self.isCompiled(sample, in: "/* /* nested */ let answer = 42 */\n"))
    // A sample's own comments are found as comments.
    #expect(
      try Self.isCompiled("let answer = 42  // the answer", in: "let answer = 42 // the answer\n"))
    #expect(try !Self.isCompiled("// let answer = 42", in: "let answer = 42\n"))
  }

  @Test func aStringLiteralIsNoCopy() throws {
    let sample = "let answer = 42"
    #expect(try !Self.isCompiled(sample, in: "let source = \"let answer = 42\"\n"))
    #expect(try !Self.isCompiled(sample, in: "let source = \"\"\"\n  let answer = 42\n  \"\"\"\n"))
    #expect(try !Self.isCompiled(sample, in: "let source = #\"\"let answer = 42\"#\n"))
    #expect(try !Self.isCompiled(sample, in: "let source = \"\\\"\" + \"let answer = 42\"\n"))
    // A sample's own literals are found as literals, and an interpolation's code as code.
    #expect(try Self.isCompiled("print(\"a \\(answer) b\")", in: "print(\"a \\(answer) b\")\n"))
    #expect(try Self.isCompiled("f(answer)", in: "print(\"\\(f(answer))\")\n"))
    #expect(try !Self.isCompiled("print(\"answer\")", in: "print(answer)\n"))
  }
}

extension SampleCheckTests {
  @Test func aCopyWhoseSampleIsGoneIsReported() throws {
    let copies = """
      // The samples of Docs/Page.md.

      struct Counter: Equatable {
        var count = 0
      }

      extension Counter {
        init(startingAt count: Int) { self.count = count }
        var doubled: Int { count * 2 }
      }

      @Suite struct PageSamples {
        @Test func counting() {
          var counter = Counter(startingAt: 1)
          counter.count += 1
          #expect(counter.count == 2)
        }

        @MainActor
        @Test func resetting() {
          var counter = Counter()
          counter.count = 0
        }
      }

      enum Deleted {
        static let answer = 42
      }
      """
    let compiled = try Self.compiled(["Tests/SamplesTests/Pages/Docs/Page.swift": copies])
    let unneeded = SamplesAreCompiledTests.unneededCopies(
      of: [Self.block("var counter = Counter(startingAt: 1)\ncounter.count += 1")], in: compiled)
    // The copy of the sample is needed, and so is what it uses: `Counter` and its initializer.
    #expect(
      unneeded.map(\.summary) == [
        "var doubled: Int { count * 2 }", "@Test func resetting() {", "static let answer = 42",
      ])
    #expect(unneeded.map(\.line) == [9, 20, 27])
  }
}
