import Core
import CoreTesting
import Foundation
import Testing

// The samples of the "Testing features" article (Sources/Core/Documentation.docc).

/// The server the article's live search client calls; here it answers with the query.
enum SearchAPI {
  static func search(_ query: String) async throws -> [String] { [query] }
}

struct SearchClient: Sendable {
  var search: @Sendable (_ query: String) async throws -> [String]
}

enum SearchClientKey: DependencyKey {
  static let liveValue = SearchClient { query in try await SearchAPI.search(query) }
  // No `testValue`: a test must say what a search returns.
}

extension DependencyValues {
  var searchClient: SearchClient {
    get { self[SearchClientKey.self] }
    set { self[SearchClientKey.self] = newValue }
  }
}

struct SearchFeature: Reducer {
  struct State: Equatable, Sendable {
    var query = ""
    var results: [String] = []
    var isSearching = false
    var errorMessage: String?
  }

  enum Action: Equatable, Sendable {
    case queryChanged(String)
    case searchResponse([String])
    case searchFailed(String)
  }

  enum CancelID { case search }

  @Dependency(\.clock) var clock
  @Dependency(\.searchClient) var searchClient

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .queryChanged(query):
      state.query = query
      guard !query.isEmpty else {
        state.results = []
        state.isSearching = false
        return .cancel(id: CancelID.search)
      }
      state.isSearching = true
      return .run { send in
        try await clock.sleep(for: .milliseconds(300))
        await send(.searchResponse(try await searchClient.search(query)))
      } catch: { error, send in
        await send(.searchFailed("\(error)"))
      }
      .cancellable(id: CancelID.search, cancelInFlight: true)

    case let .searchResponse(results):
      state.isSearching = false
      state.results = results
      return .none

    case let .searchFailed(message):
      state.isSearching = false
      state.errorMessage = message
      return .none
    }
  }
}

@MainActor
@Suite struct SearchFeatureTests {
  @Test func searchesOnceTheUserPausesTyping() async {
    let clock = TestClock()
    let store = TestStore(initialState: SearchFeature.State()) {
      SearchFeature()
    } withDependencies: {
      $0.clock = clock
      $0.searchClient = SearchClient { query in ["\(query) one", "\(query) two"] }
    }

    await store.send(.queryChanged("s")) {
      $0.query = "s"
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(100))
    await store.send(.queryChanged("sw")) {
      $0.query = "sw"
    }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.searchResponse(["sw one", "sw two"])) {
      $0.isSearching = false
      $0.results = ["sw one", "sw two"]
    }
    await store.finish()
  }
}

extension SearchFeatureTests {
  @Test func clearingTheQueryCancelsTheSearch() async {
    let store = TestStore(initialState: SearchFeature.State()) {
      SearchFeature()
    } withDependencies: {
      $0.clock = TestClock()
      $0.searchClient = SearchClient { _ in ["never"] }
    }

    await store.send(.queryChanged("s")) {
      $0.query = "s"
      $0.isSearching = true
    }
    await store.send(.queryChanged("")) {
      $0.query = ""
      $0.isSearching = false
    }
    await store.finish()
  }

  @MainActor
  @Test func aFailedSearchShowsAnError() async {
    struct Offline: Error {}
    let store = TestStore(initialState: SearchFeature.State()) {
      SearchFeature()
    } withDependencies: {
      $0.clock = ImmediateClock()
      $0.searchClient = SearchClient { _ in throw Offline() }
    }

    await store.send(.queryChanged("s")) {
      $0.query = "s"
      $0.isSearching = true
    }
    await store.receive(SearchFeature.Action.searchFailed) {
      $0.isSearching = false
      $0.errorMessage = "Offline()"
    }
  }

  @Test func onlyTheResultsMatter() async {
    let store = TestStore(initialState: SearchFeature.State()) {
      SearchFeature()
    } withDependencies: {
      $0.clock = ImmediateClock()
      $0.searchClient = SearchClient { query in [query.uppercased()] }
    }
    store.exhaustivity = .off

    await store.send(.queryChanged("s"))
    await store.send(.queryChanged("sw"))
    await store.receive(.searchResponse(["SW"])) {
      $0.results = ["SW"]
    }
  }

  @Test func theStateIsAsOfTheLastAssertion() async {
    let store = TestStore(initialState: SearchFeature.State()) {
      SearchFeature()
    } withDependencies: {
      $0.clock = ImmediateClock()
      $0.searchClient = SearchClient { query in ["\(query) one"] }
    }

    await store.send(.queryChanged("s")) {
      $0.query = "s"
      $0.isSearching = true
    }
    #expect(store.state.isSearching)
    await store.receive(.searchResponse(["s one"])) {
      $0.isSearching = false
      $0.results = ["s one"]
    }
    #expect(!store.state.isSearching)
  }

  @MainActor
  func makeStore(clock: TestClock) -> TestStoreOf<SearchFeature> {
    TestStore(initialState: SearchFeature.State()) {
      SearchFeature()
    } withDependencies: {
      $0.clock = clock
      $0.searchClient = SearchClient { query in ["\(query) one"] }
    }
  }

  @Test func skippingTheEffectsATestIsNotAbout() async {
    let store = makeStore(clock: TestClock())
    await store.send(.queryChanged("s")) {
      $0.query = "s"
      $0.isSearching = true
    }
    await store.skipInFlightEffects()  // the search itself is another test's business
    await store.finish()
  }

  @Test func aForgottenDependencyFailsTheTest() async {
    await withKnownIssue {
      let store = TestStore(initialState: SearchFeature.State()) {
        SearchFeature()
      } withDependencies: {
        $0.clock = ImmediateClock()
      }
      await store.send(.queryChanged("s")) {
        $0.query = "s"
        $0.isSearching = true
      }
      await store.receive(.searchResponse(["s"])) {
        $0.isSearching = false
        $0.results = ["s"]
      }
    } matching: { issue in
      issue.description.contains("Dependency 'SearchClientKey' has no 'testValue'")
    }
  }
}

/// "A test value that fails when used": the key with a `testValue` made by `unimplemented`.
enum WithAnUnimplementedTestValue {
  enum SearchClientKey: DependencyKey {
    static let liveValue = SearchClient { query in try await SearchAPI.search(query) }
    static let testValue = SearchClient(search: unimplemented("SearchClient.search"))
  }
}

extension SearchFeatureTests {
  /// "Dependencies": a step changes a dependency for the effects that follow.
  @Test func theServerGoesOfflineBetweenTwoSearches() async {
    struct Offline: Error {}
    let store = TestStore(initialState: SearchFeature.State()) {
      SearchFeature()
    } withDependencies: {
      $0.clock = ImmediateClock()
      $0.searchClient = SearchClient { query in [query] }
    }
    await store.send(.queryChanged("s")) {
      $0.query = "s"
      $0.isSearching = true
    }
    await store.receive(.searchResponse(["s"])) {
      $0.isSearching = false
      $0.results = ["s"]
    }
    store.dependencies.searchClient = SearchClient { _ in throw Offline() }
    await store.send(.queryChanged("sw")) {
      $0.query = "sw"
      $0.isSearching = true
    }
    await store.receive(.searchFailed("Offline()")) {
      $0.isSearching = false
      $0.errorMessage = "Offline()"
    }
  }
}

/// "Dependencies": an assertion reads the dependency the reducer read.
enum TestingFeaturesSaving {
  struct NoteFeature: Reducer {
    struct State: Equatable, Sendable {
      var savedAt: Date?
    }
    enum Action: Equatable, Sendable { case saveTapped }

    @Dependency(\.date) var date

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.savedAt = date.now
      return .none
    }
  }

  @MainActor
  @Test static func savingStampsTheNote() async {
    let store = TestStore(initialState: NoteFeature.State()) { NoteFeature() }
    await store.send(.saveTapped) {
      @Dependency(\.date) var date
      $0.savedAt = date.now
    }
    #expect(store.state.savedAt == DateGenerator.testNow)
  }
}

/// "Effects that send actions": a timer, ended by cancelling the task `send` returned.
enum TestingFeaturesTimer {
  struct TimerFeature: Reducer {
    struct State: Equatable, Sendable {
      var isTimerRunning = false
      var ticks = 0
    }
    enum Action: Equatable, Sendable { case timerStarted, timerTicked }

    @Dependency(\.clock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .timerStarted:
        state.isTimerRunning = true
        return .run { [clock] send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.timerTicked)
          }
        }
      case .timerTicked:
        state.ticks += 1
        return .none
      }
    }
  }

  @MainActor
  @Test static func theTimerTicksUntilItsTaskIsCancelled() async {
    let clock = TestClock()
    let store = TestStore(initialState: TimerFeature.State()) {
      TimerFeature()
    } withDependencies: {
      $0.clock = clock
    }
    let task = await store.send(.timerStarted) { $0.isTimerRunning = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.timerTicked) { $0.ticks = 1 }
    task.cancel()
    await store.finish()
  }
}

/// "Random sessions": a counter whose decrement is listed only above zero.
@MainActor
struct TestingFeaturesRandomSessions {
  struct Counter: Reducer {
    struct State: Equatable, Sendable {
      var count = 0
    }
    enum Action: Equatable, Sendable { case incrementTapped, decrementTapped }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .incrementTapped: state.count += 1
      case .decrementTapped: state.count -= 1
      }
      return .none
    }
  }

  @Test func theCountIsNeverNegative() async {
    let sessions = RandomSessions(initialState: Counter.State()) { Counter() }
    sessions.invariant("count is never negative") { $0.count >= 0 }
    await sessions.run(count: 200, length: 50) { state, next in
      next.send(.incrementTapped)
      if state.count > 0 { next.send(.decrementTapped) }
      next.advanceClock(by: .seconds(1))
    }
  }
}
