import Core
import CoreTesting
import Foundation
import Profile
import Testing

// The examples in the doc comments of Sources/Core/Dependencies, Effect+Debounce.swift,
// Sources/Core/IssueReporting and Effect.swift's `run(priority:operation:catch:)`.

/// A client of a number service, with its key and its name in `DependencyValues`.
struct NumberClient: Sendable { var fetch: @Sendable () async throws -> Int }

enum NumberClientKey: DependencyKey {
  static let liveValue = NumberClient { Int.random(in: 1...100) }
  static let testValue = NumberClient { 42 }
}

extension DependencyValues {
  var number: NumberClient {
    get { self[NumberClientKey.self] }
    set { self[NumberClientKey.self] = newValue }
  }
}

enum DependencyDocs {
  /// What the live number client of `unimplemented`'s example calls.
  static func fetchFromServer() async throws -> Int { 7 }

  /// A key whose test value fails the test that calls it.
  enum NumberClientKey: DependencyKey {
    static let liveValue = NumberClient(fetch: { try await fetchFromServer() })
    static let testValue = NumberClient(fetch: unimplemented("NumberClient.fetch"))
  }

  /// A search that waits for a pause in typing.
  struct SearchFeature: Reducer {
    @Dependency(\.clock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .queryChanged(query):
        state.query = query
        return .run { send in
          try await clock.sleep(for: .milliseconds(300))
          await send(.searchDebounced)
        }
        .cancellable(id: CancelID.search, cancelInFlight: true)
      case .searchDebounced:
        state.searches.append(state.query)
        return .none
      }
    }

    struct State: Equatable {
      var query = ""
      var searches: [String] = []
    }
    enum Action: Equatable { case queryChanged(String), searchDebounced }
    enum CancelID { case search }
  }

  /// The same search, with `debounce`.
  struct DebouncedSearchFeature: Reducer {
    @Dependency(\.clock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .queryChanged(query):
        state.query = query
        return .send(.searchDue)
          .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
      case .searchDue:
        state.searches.append(state.query)
        return .none
      }
    }

    struct State: Equatable {
      var query = ""
      var searches: [String] = []
    }
    enum Action: Equatable { case queryChanged(String), searchDue }
    enum CancelID { case search }
  }

  struct Note: Equatable { var createdAt: Date }

  struct NotesFeature: Reducer {
    @Dependency(\.date) var date

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .addButtonTapped:
        state.notes.append(Note(createdAt: date.now))
        return .none
      }
    }

  }

  struct Todo: Equatable { var id: UUID, title: String }

  struct TodosFeature: Reducer {
    @Dependency(\.uuid) var uuid

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .addButtonTapped:
        state.todos.append(Todo(id: uuid(), title: ""))
        return .none
      }
    }

  }

  /// A timer that ticks three times, a second apart.
  struct TimerFeature: Reducer {
    struct State: Equatable { var elapsed = 0 }
    enum Action: Equatable { case startButtonTapped, timerTicked }

    @Dependency(\.clock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .startButtonTapped:
        return .run { send in
          for _ in 1...3 {
            try await clock.sleep(for: .seconds(1))
            await send(.timerTicked)
          }
        }
      case .timerTicked:
        state.elapsed += 1
        return .none
      }
    }
  }

  /// A page of items, which the service should never answer empty.
  struct PageFeature: Reducer {
    struct State: Equatable { var items: [String] = [] }
    enum Action: Equatable { case loaded([String]) }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .loaded(items):
        guard !items.isEmpty else {
          reportIssue("The service answered an empty page; nothing to show.")
          return .none
        }
        state.items = items
        return .none
      }
    }
  }

  @MainActor
  @Test static func timeComesFromTheClock() async {
    let clock = TestClock()
    let store = TestStore(initialState: SearchFeature.State()) {
      SearchFeature()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.queryChanged("l")) { $0.query = "l" }
    await store.send(.queryChanged("la")) { $0.query = "la" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.searchDebounced) { $0.searches = ["la"] }

    let debounced = TestStore(initialState: DebouncedSearchFeature.State()) {
      DebouncedSearchFeature()
    } withDependencies: {
      $0.clock = clock
    }
    await debounced.send(.queryChanged("l")) { $0.query = "l" }
    await debounced.send(.queryChanged("la")) { $0.query = "la" }
    await clock.advance(by: .milliseconds(300))
    await debounced.receive(.searchDue) { $0.searches = ["la"] }
  }

  @MainActor
  @Test static func anImmediateClockEndsEverySleepAtOnce() async {
    let store = Store(initialState: TimerFeature.State()) {
      TimerFeature()
    } withDependencies: {
      $0.clock = ImmediateClock()
    }
    await store.send(.startButtonTapped).finish()
    #expect(store.state.elapsed == 3)
  }

  @MainActor
  @Test static func datesAndIDsAreFixedUnderATestStore() async {
    let notes = TestStore(initialState: NotesFeature.State()) { NotesFeature() }
    await notes.send(.addButtonTapped) {
      $0.notes = [Note(createdAt: DateGenerator.testNow)]
    }

    let store = TestStore(initialState: TodosFeature.State()) { TodosFeature() }
    await store.send(.addButtonTapped) {
      $0.todos = [Todo(id: UUID(0), title: "")]
    }
  }

  @Test static func aDependencyReadOutsideAFeature() {
    withDependencies {
      $0.date = .constant(DateGenerator.testNow)
      $0.uuid = .incrementing
    } operation: {
      @Dependency(\.date) var date
      let createdAt = date.now
      #expect(createdAt == DateGenerator.testNow)

      @Dependency(\.uuid) var uuid
      let id = uuid()
      #expect(id == UUID(0))
    }
  }

  @Test static func keysGiveTheirValues() async throws {
    @Dependency(\.number) var number
    let live = try await number.fetch()
    #expect((1...100).contains(live))
    let tested = try await withDependencies {
      $0.number = SamplesTests.NumberClientKey.testValue
    } operation: {
      try await number.fetch()
    }
    #expect(tested == 42)
    await withKnownIssue {
      _ = try? await NumberClientKey.testValue.fetch()
    }
  }

  @MainActor
  @Test static func anEmptyPageIsReported() {
    let store = Store(initialState: PageFeature.State()) { PageFeature() }
    withKnownIssue {
      store.send(.loaded([]))
    } matching: { issue in
      issue.description.contains("The service answered an empty page")
    }
    #expect(store.state.items.isEmpty)
  }

  @MainActor
  @Test static func storesCreatedInsideKeepTheDependencies() async {
    let store = withDependencies {
      $0.profileClient = ProfileClient(save: { _ in })
    } operation: {
      Store(initialState: ProfileFeature.State()) { ProfileFeature() }
    }
    store.send(.view(.nameChanged("Ada")))
    store.send(.view(.emailChanged("ada@example.org")))
    await store.send(.editor(.presented(.view(.saveButtonTapped)))).finish()
    #expect(store.state.name == "Ada")
  }
}

extension DependencyDocs.NotesFeature {
  struct State: Equatable { var notes: [DependencyDocs.Note] = [] }
  enum Action: Equatable { case addButtonTapped }
}

extension DependencyDocs.TodosFeature {
  struct State: Equatable { var todos: [DependencyDocs.Todo] = [] }
  enum Action: Equatable { case addButtonTapped }
}
