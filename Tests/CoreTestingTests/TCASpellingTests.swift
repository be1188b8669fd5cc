import Foundation
import TestSupport
import Testing

/// TCA's spellings that have another shape here do not compile, and the compiler's message
/// says what to write instead: each line marked `// expect:` below must fail with an
/// "is unavailable" error carrying that text.
///
/// Type-checks a small file against the `Core` and `CoreTesting` modules this test was built
/// with, using the `swiftc` on the `PATH`.
@Suite struct TCASpellingTests {
  static let source = #"""
    import Core
    import CoreTesting

    struct Row: Reducer {
      struct State: Equatable, Identifiable { let id: Int }
      enum Action: Equatable { case tapped }
      func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
    }

    struct Feature: Reducer {
      struct State: Equatable {
        @Presents var destination: Row.State?  // expect: Write '@PresentationState var destination: Destination.State?'
        var rows: IdentifiedArray<Row.State> = []
        var path = StackState<Row.State>()
        var child = Row.State(id: 0)
        @PresentationState var sheet: Row.State?
        var optional: Row.State?
      }
      enum Action: Equatable {
        case rows(IdentifiedActionOf<Row>)  // expect: write 'case row(id: Row.State.ID, action: Row.Action)'
        case row(id: Int, action: Row.Action)
        case path(StackAction<Row.State, Row.Action>)
        case child(Row.Action)
        case sheet(PresentationAction<Row.Action>)
      }
      @Dependency(\.continuousClock) var clock  // expect: write '@Dependency(\.clock) var clock'
      func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
    }

    struct Detail {
      @Shared var row = Row.State(id: 1)  // expect: A shared value is plain state here
    }

    func rows() -> some Reducer<Feature.State, Feature.Action> {
      Feature().forEach(\.rows, action: \.rows) { Row() }  // expect: Pass the enum case constructor where TCA takes a case key path
    }

    func path() -> some Reducer<Feature.State, Feature.Action> {
      Feature().forEach(\.path, action: \.path) { Row() }  // expect: Pass the enum case constructor where TCA takes a case key path
    }

    func child() -> some Reducer<Feature.State, Feature.Action> {
      Scope(state: \.child, action: \.child) { Row() }  // expect: Pass the enum case constructor where TCA takes a case key path
    }

    func sheet() -> some Reducer<Feature.State, Feature.Action> {
      Feature().ifLet(\.$sheet, action: \.sheet) { Row() }  // expect: Pass the enum case constructor where TCA takes a case key path
    }

    func dialog() -> some Reducer<Feature.State, Feature.Action> {
      Feature().ifLet(\.$sheet, action: \.sheet)  // expect: Pass the enum case constructor where TCA takes a case key path
    }

    func optional() -> some Reducer<Feature.State, Feature.Action> {
      Feature().ifLet(\.optional, action: \.child) { Row() }  // expect: Pass the enum case constructor where TCA takes a case key path
    }

    @MainActor func receive(_ store: TestStoreOf<Feature>) async {
      await store.receive(\.child.tapped)  // expect: Pass the action, or its case constructor, where TCA takes a case key path
    }

    @MainActor func childStore(_ store: StoreOf<Feature>) {
      _ = store.scope(state: \.child, action: \.child)  // expect: Pass the enum case constructor where TCA takes a case key path
    }

    func title() {
      _ = TextState("Delete?")  // expect: Dialogs take plain strings here
    }

    @MainActor func relax(_ store: TestStoreOf<Feature>) {
      store.exhaustivity = .off(showSkippedAssertions: true)  // expect: Write 'store.exhaustivity = .off'
    }

    func run(_ clock: TestClock) async {
      await clock.run()  // expect: A 'TestClock' moves only when the test advances it
    }
    """#

  /// Each line expected to fail, and a fragment of its message.
  static var expectations: [(line: Int, fragment: String)] {
    source.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap {
      index, line in
      guard let marker = line.range(of: "// expect: ") else { return nil }
      return (index + 1, String(line[marker.upperBound...]))
    }
  }

  @Test func eachSpellingFailsNamingItsReplacement() throws {
    let modules = try #require(
      Self.modulesDirectory(),
      "No 'Modules' folder holding Core.swiftmodule above \(CommandLine.arguments[0])")
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("TCASpellingTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("Spellings.swift")
    try Self.source.write(to: file, atomically: true, encoding: .utf8)

    let output = try Self.typeCheck(file, modules: modules)
    #expect(output.status != 0)
    let errors = output.text.split(separator: "\n").filter {
      $0.hasPrefix("\(file.path):") && $0.contains(": error: ")
    }
    for (line, fragment) in Self.expectations {
      let matching = errors.filter {
        $0.hasPrefix("\(file.path):\(line):") && $0.contains("is unavailable: ")
      }
      #expect(
        matching.contains { $0.contains(fragment) },
        "line \(line): no 'is unavailable' error containing \"\(fragment)\"; errors:\n\(errors.joined(separator: "\n"))"
      )
    }
    // Nothing else fails: every error is one of the expected ones.
    let expectedLines = Set(Self.expectations.map(\.line))
    let unexpected = errors.filter { error in
      !expectedLines.contains { error.hasPrefix("\(file.path):\($0):") }
    }
    #expect(unexpected.isEmpty, "\(unexpected.joined(separator: "\n"))")
  }

  /// The folder of the modules this test was built with: `Modules` beside the test bundle.
  static func modulesDirectory() -> URL? {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<6 {
      let modules = directory.appendingPathComponent("Modules")
      if FileManager.default.fileExists(
        atPath: modules.appendingPathComponent("Core.swiftmodule").path)
      {
        return modules
      }
      directory.deleteLastPathComponent()
    }
    return nil
  }

  /// Runs `swiftc -typecheck` on `file` and returns its exit status and its output.
  static func typeCheck(_ file: URL, modules: URL) throws -> (status: Int32, text: String) {
    // The compiler's driver leaves a folder in the temporary directory at every run: it goes
    // in the test's own folder, which the test removes.
    var environment = ProcessInfo.processInfo.environment
    environment["TMPDIR"] = file.deletingLastPathComponent().path
    let output = file.deletingLastPathComponent().appendingPathComponent("typecheck.out").path
    let status = try SpawnedProcess.run(
      "/usr/bin/env",
      [
        "swiftc", "-typecheck", "-swift-version", "6", "-diagnostic-style", "llvm", "-I",
        modules.path, file.path,
      ],
      environment: environment, output: .file(output), error: .output)
    let text = String(decoding: FileContents.data(atPath: output) ?? Data(), as: UTF8.self)
    return (status, text)
  }

}
