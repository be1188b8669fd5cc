import Foundation
import Testing

@testable import AppShell

/// The `swift run AppShell` commands that README.md shows: their options parse, and the
/// commands they pipe in are commands the app knows.
@Suite struct ReadmeCommandTests {
  static let readme: String = {
    let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return (try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8))
      ?? ""
  }()

  /// Each README line that runs the app, from `swift run AppShell` to the end of the command.
  static var runLines: [Substring] {
    readme.split(separator: "\n").filter { $0.contains("swift run AppShell") }
  }

  @Test func theReadmeRunsTheApp() {
    #expect(!Self.runLines.isEmpty)
  }

  @Test func everyOptionTheReadmePassesParses() throws {
    for line in Self.runLines {
      guard let range = line.range(of: "swift run AppShell") else { continue }
      let arguments = line[range.upperBound...]
        .prefix { $0 != "`" && $0 != "#" && $0 != "|" }
        .split(separator: " ").map(String.init)
      #expect(throws: Never.self, "\(line)") { try Options.parse(arguments) }
    }
  }

  @Test func everyPipedCommandIsKnown() throws {
    for line in Self.runLines where line.hasPrefix("printf '") {
      let script = line.dropFirst("printf '".count).prefix { $0 != "'" }
      for command in script.components(separatedBy: "\\n") where !command.isEmpty {
        #expect(throws: Never.self, "\(command)") { try CommandParser.parse(command) }
      }
    }
  }
}
