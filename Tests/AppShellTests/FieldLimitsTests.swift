import Testing

@testable import AppShell

/// Every field is capped, and refused with control characters, when the command is parsed:
/// nothing over-long or garbled reaches the draft or the state file.
@Suite struct FieldLimitsTests {
  static let cases: [(String, String)] = [
    (
      "profile name " + String(repeating: "n", count: 61),
      "The name has 61 characters; use at most 60."
    ),
    (
      "profile email " + String(repeating: "e", count: 250) + "@x.org",
      "The email address has 256 characters; use at most 254."
    ),
    (
      "profile address " + String(repeating: "s", count: 101) + ", London, N1, UK",
      "The street has 101 characters; use at most 100."
    ),
    (
      "order ship 1 1 Main St, " + String(repeating: "c", count: 120) + ", 1, UK",
      "The city has 120 characters; use at most 100."
    ),
    (
      "profile name Eve\u{1B}[2J",
      "The name contains control characters (^[); type it without them."
    ),
    (
      "profile address 1 Main St\u{9B}, London, N1, UK",
      "The address contains control characters (\\u{9B}); type it without them."
    ),
    (
      "profile name " + String(repeating: "x", count: 2_000_000),
      "The line has 2000013 characters; a command has at most 1000."
    ),
  ]

  @Test(arguments: cases)
  func overLongOrGarbledFieldsAreRefused(_ line: String, _ message: String) {
    #expect(throws: CommandError(message)) { try CommandParser.parse(line) }
  }

  @Test func aNameAtTheLimitIsKept() throws {
    let name = String(repeating: "n", count: 60)
    #expect(try CommandParser.parse("profile name \(name)") == .profile(.nameChanged(name)))
  }

  @Test func errorsQuoteAtMostSixtyCharacters() {
    let word = String(repeating: "w", count: 500)
    #expect(throws: CommandError.self) { try CommandParser.parse(word) }
    do {
      _ = try CommandParser.parse(word)
    } catch {
      #expect(error.message.hasPrefix("Unknown command '\(String(repeating: "w", count: 59))…'."))
      #expect(error.message.count < 250)
    }
  }

  @MainActor @Test func theShellKeepsNothingOfARefusedName() {
    let shell = Shell(initialState: AppState()) { $0.useTestServices() }
    let reply = shell.execute("profile name " + String(repeating: "n", count: 900))
    #expect(reply.isRejected)
    #expect(shell.store.state.profile.editor == nil)
  }
}
