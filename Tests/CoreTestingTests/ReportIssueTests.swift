import Core
import CoreTesting
import Testing

/// A feature whose reducer and effect report through the public issue-reporting API.
private struct Lookup: Reducer {
  struct State: Equatable { var answer: String? }
  enum Action: Equatable {
    case emptyReplyArrived
    case lookUpTapped
    case answered(String)
  }
  @Dependency(\.lookupClient) var client

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .emptyReplyArrived:
        Self.complain()
        return .none
      case .lookUpTapped:
        return .run { [client] send in
          do {
            await send(.answered(try await client.find("ada")))
          } catch {
            await send(.answered("\(error)"))
          }
        }
      case let .answered(answer):
        state.answer = answer
        return .none
      }
    }
  }

  static func complain() { reportIssue("The service answered nothing.") }
  static let reportIssueLine = #line - 1
}

private struct LookupClient: Sendable {
  var find: @Sendable (String) async throws -> String
  var count: @Sendable () -> Int
}

private enum LookupClientKey: DependencyKey {
  static let liveValue = LookupClient(find: { $0 }, count: { 1 })
  static let line = #line + 2
  static let testValue = LookupClient(
    find: unimplemented("LookupClient.find"),
    count: unimplemented("LookupClient.count", placeholder: -1))
}

extension DependencyValues {
  fileprivate var lookupClient: LookupClient {
    get { self[LookupClientKey.self] }
    set { self[LookupClientKey.self] = newValue }
  }
}

@MainActor
@Suite struct ReportIssueTests {
  @Test func reportIssueInAReducerFailsTheTestAtItsLine() async {
    let store = TestStore(initialState: Lookup.State()) { Lookup() }
    let issues = await recordedIssues {
      await store.send(.emptyReplyArrived)
    }
    expectOneIssue(
      issues, atLine: Lookup.reportIssueLine, containing: ["The service answered nothing."])
  }

  @Test func aForgottenOverrideFailsTheTestNamingTheEndpoint() async {
    let store = TestStore(initialState: Lookup.State()) { Lookup() }
    let issues = await recordedIssues {
      await store.send(.lookUpTapped)
      await store.receive(.answered("Unimplemented: 'LookupClient.find'")) {
        $0.answer = "Unimplemented: 'LookupClient.find'"
      }
    }
    expectOneIssue(
      issues, atLine: LookupClientKey.line,
      containing: ["Unimplemented: 'LookupClient.find' was called", "withDependencies"])
  }

  @Test func anOverriddenEndpointReportsNothing() async {
    let store = TestStore(initialState: Lookup.State()) {
      Lookup()
    } withDependencies: {
      $0.lookupClient.find = { "found \($0)" }
    }
    await store.send(.lookUpTapped)
    await store.receive(.answered("found ada")) { $0.answer = "found ada" }
  }

  @Test func theUnimplementedClosureThrowsOrReturnsItsPlaceholder() async throws {
    let reported = ReportLog()
    let client = LookupClientKey.testValue
    await IssueReporting.$override.withValue(
      IssueReporter { message, location in
        reported.append(message, line: location.map { Int($0.line) })
      }
    ) {
      await #expect(throws: UnimplementedFailure(endpoint: "LookupClient.find")) {
        try await client.find("ada")
      }
      #expect(client.count() == -1)
    }
    #expect(reported.lines == [LookupClientKey.line, LookupClientKey.line + 1])
    #expect(reported.messages.allSatisfy { $0.hasPrefix("Unimplemented: 'LookupClient.") })
  }

  @Test func everyShapeOfEndpointCanBeUnimplemented() async {
    struct Client: Sendable {
      var log: @Sendable (String) -> Void
      var wait: @Sendable () async -> Void
      var count: @Sendable () async -> Int
      var fetch: @Sendable (Int, String) throws -> [String]
    }
    let client = Client(
      log: unimplemented("Client.log", placeholder: ()),
      wait: unimplemented("Client.wait", placeholder: ()),
      count: unimplemented("Client.count", placeholder: 0),
      fetch: unimplemented("Client.fetch"))
    let reported = ReportLog()
    await IssueReporting.$override.withValue(
      IssueReporter { message, location in
        reported.append(message, line: location.map { Int($0.line) })
      }
    ) {
      client.log("a")
      await client.wait()
      #expect(await client.count() == 0)
      #expect(throws: UnimplementedFailure(endpoint: "Client.fetch")) { try client.fetch(1, "a") }
    }
    let endpoints = ["Client.log", "Client.wait", "Client.count", "Client.fetch"]
    #expect(reported.messages.count == endpoints.count)
    #expect(
      zip(reported.messages, endpoints).allSatisfy {
        $0.hasPrefix("Unimplemented: '\($1)' was called")
      })
  }

  @Test func reportIssueInATestOutsideAnyStoreFailsItAtItsLine() async {
    let line = #line + 2
    let issues = await recordedIssues {
      reportIssue("The cache answered twice.")
    }
    expectOneIssue(issues, atLine: line, containing: ["The cache answered twice."])
  }

  @Test func anUnimplementedEndpointCalledByTheTestItselfFailsItAtItsLine() async {
    let client = LookupClientKey.testValue
    let issues = await recordedIssues {
      #expect(client.count() == -1)
      await #expect(throws: UnimplementedFailure(endpoint: "LookupClient.find")) {
        try await client.find("ada")
      }
    }
    #expect(
      issues.map { $0.location.map { Int($0.line) } } == [
        LookupClientKey.line + 1, LookupClientKey.line,
      ])
    #expect(
      issues.first?.message.contains("Unimplemented: 'LookupClient.count' was called") == true)
  }

  @Test func reportIssueOutsideATestStoreGoesToTheReporterInForce() {
    let reported = ReportLog()
    let line = #line + 6
    IssueReporting.$override.withValue(
      IssueReporter { message, location in
        reported.append(message, line: location.map { Int($0.line) })
      }
    ) {
      reportIssue("Something odd.")
    }
    #expect(reported.messages == ["Something odd."])
    #expect(reported.lines == [line])
  }
}

/// What the reporter in force was given.
private final class ReportLog: Sendable {
  private let storage = Locked<[(message: String, line: Int?)]>([])
  func append(_ message: String, line: Int?) { storage.withLock { $0.append((message, line)) } }
  var messages: [String] { storage.withLock { $0.map(\.message) } }
  var lines: [Int?] { storage.withLock { $0.map(\.line) } }
}
