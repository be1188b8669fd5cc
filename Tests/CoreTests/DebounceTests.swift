import Core
import CoreTesting
import Testing

struct DebouncedNoteFeature: Reducer {
  struct State: Equatable, Sendable {
    var text = ""
    var saved: [String] = []
  }

  enum Action: Equatable, Sendable {
    case textChanged(String)
    case discardButtonTapped
    case saveDue
  }

  enum CancelID { case save }

  @Dependency(\.clock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .textChanged(text):
      state.text = text
      return .send(.saveDue)
        .debounce(id: CancelID.save, for: .seconds(1), clock: clock)
    case .discardButtonTapped:
      state.text = ""
      return .cancel(id: CancelID.save)
    case .saveDue:
      state.saved.append(state.text)
      return .none
    }
  }
}

@MainActor
@Suite struct DebounceTests {
  @Test func runsOnceTheInputPauses() async {
    let clock = TestClock()
    let store = TestStore(initialState: DebouncedNoteFeature.State()) {
      DebouncedNoteFeature()
    } withDependencies: {
      $0.clock = clock
    }

    await store.send(.textChanged("A")) { $0.text = "A" }
    await clock.advance(by: .milliseconds(600))
    await store.send(.textChanged("Ad")) { $0.text = "Ad" }
    await clock.advance(by: .milliseconds(600))
    await store.send(.textChanged("Ada")) { $0.text = "Ada" }
    // 999 ms after the last edit: still waiting.
    await clock.advance(by: .milliseconds(999))
    #expect(store.state.saved.isEmpty)
    await clock.advance(by: .milliseconds(1))
    await store.receive(.saveDue) { $0.saved = ["Ada"] }
    await store.finish()
  }

  @Test func cancellingTheIdStopsTheWait() async {
    let clock = TestClock()
    let store = TestStore(initialState: DebouncedNoteFeature.State()) {
      DebouncedNoteFeature()
    } withDependencies: {
      $0.clock = clock
    }

    await store.send(.textChanged("A")) { $0.text = "A" }
    await store.send(.discardButtonTapped) { $0.text = "" }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func aNoneEffectStaysNone() {
    let effect = Effect<Int>.none.debounce(id: 1, for: .seconds(1), clock: ImmediateClock())
    let isNone = if case .none = effect.operation { true } else { false }
    #expect(isNone)
  }
}

struct DebouncedSearchFeature: Reducer {
  struct State: Equatable, Sendable {
    var query = ""
    var results: [String] = []
  }

  enum Action: Equatable, Sendable {
    case queryChanged(String)
    case searchDue
    case resultsLoaded([String])
  }

  enum CancelID { case search }

  @Dependency(\.clock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .queryChanged(query):
      state.query = query
      return .send(.searchDue)
        .debounce(id: CancelID.search, for: .seconds(1), clock: clock)
    case .searchDue:
      return .run { [query = state.query, clock] send in
        try await clock.sleep(for: .seconds(5))
        await send(.resultsLoaded([query]))
      }
    case let .resultsLoaded(results):
      state.results = results
      return .none
    }
  }
}

@MainActor
@Suite struct DebouncedSendTests {
  @Test func aLaterDebounceDoesNotCancelTheEffectsOfAnActionAlreadySent() async {
    let clock = TestClock()
    let store = TestStore(initialState: DebouncedSearchFeature.State()) {
      DebouncedSearchFeature()
    } withDependencies: {
      $0.clock = clock
    }

    await store.send(.queryChanged("a")) { $0.query = "a" }
    await clock.advance(by: .seconds(1))
    await store.receive(.searchDue)
    // The search for "a" runs; typing again debounces a new one without cancelling it.
    await store.send(.queryChanged("ab")) { $0.query = "ab" }
    await clock.advance(by: .seconds(1))
    await store.receive(.searchDue)
    await clock.advance(by: .seconds(4))
    await store.receive(.resultsLoaded(["a"])) { $0.results = ["a"] }
    await clock.advance(by: .seconds(1))
    await store.receive(.resultsLoaded(["ab"])) { $0.results = ["ab"] }
    await store.finish()
  }
}

struct DebouncedRunFeature: Reducer {
  struct State: Equatable, Sendable {
    var edits = 0
    var saves: [Int] = []
  }

  enum Action: Equatable, Sendable {
    case edited
    case saved(Int)
  }

  enum CancelID { case save }

  @Dependency(\.clock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .edited:
      state.edits += 1
      return .run { [edits = state.edits] send in await send(.saved(edits)) }
        .debounce(id: CancelID.save, for: .seconds(1), clock: clock)
    case let .saved(edits):
      state.saves.append(edits)
      return .none
    }
  }
}

@MainActor
@Suite struct DebouncedRunTests {
  @Test func aDebouncedRunStartsOnlyAfterTheQuietMoment() async {
    let clock = TestClock()
    let store = TestStore(initialState: DebouncedRunFeature.State()) {
      DebouncedRunFeature()
    } withDependencies: {
      $0.clock = clock
    }

    await store.send(.edited) { $0.edits = 1 }
    await clock.advance(by: .milliseconds(500))
    await store.send(.edited) { $0.edits = 2 }
    await clock.advance(by: .seconds(1))
    await store.receive(.saved(2)) { $0.saves = [2] }
    await store.finish()
  }
}

struct DebouncedRowsFeature: Reducer {
  struct State: Equatable, Sendable {
    var rows: IdentifiedArray<DebouncedNoteRow.State> = [
      .init(id: 1), .init(id: 2),
    ]
  }

  enum Action: Equatable, Sendable {
    case row(id: Int, action: DebouncedNoteRow.Action)
  }

  var body: some Reducer<State, Action> {
    EmptyReducer()
      .forEach(\.rows, action: Action.row) { DebouncedNoteRow() }
  }
}

struct DebouncedNoteRow: Reducer {
  struct State: Equatable, Sendable, Identifiable {
    var id: Int
    var text = ""
    var saved: [String] = []
  }

  enum Action: Equatable, Sendable {
    case textChanged(String)
    case saveDue
  }

  enum CancelID { case save }

  @Dependency(\.clock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .textChanged(text):
      state.text = text
      return .send(.saveDue).debounce(id: CancelID.save, for: .seconds(1), clock: clock)
    case .saveDue:
      state.saved.append(state.text)
      return .none
    }
  }
}

@MainActor
@Suite struct DebouncedRowsTests {
  @Test func eachRowDebouncesOnItsOwn() async {
    let clock = TestClock()
    let store = TestStore(initialState: DebouncedRowsFeature.State()) {
      DebouncedRowsFeature()
    } withDependencies: {
      $0.clock = clock
    }

    await store.send(.row(id: 1, action: .textChanged("a"))) { $0.rows[id: 1]?.text = "a" }
    await clock.advance(by: .milliseconds(500))
    // The same id in another row does not replace row 1's wait.
    await store.send(.row(id: 2, action: .textChanged("b"))) { $0.rows[id: 2]?.text = "b" }
    await clock.advance(by: .milliseconds(500))
    await store.receive(.row(id: 1, action: .saveDue)) { $0.rows[id: 1]?.saved = ["a"] }
    await clock.advance(by: .milliseconds(500))
    await store.receive(.row(id: 2, action: .saveDue)) { $0.rows[id: 2]?.saved = ["b"] }
    await store.finish()
  }
}
