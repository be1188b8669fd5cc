import Core

/// Fetches a number; has no `testValue`, so a test that uses it must override it.
struct NumberClient: Sendable {
  var fetch: @Sendable (Int) async throws -> Int
}

enum NumberClientKey: DependencyKey {
  static let liveValue = NumberClient { $0 }
}

extension DependencyValues {
  var number: NumberClient {
    get { self[NumberClientKey.self] }
    set { self[NumberClientKey.self] = newValue }
  }
}

enum CounterError: Error, Equatable {
  case boom
}

/// A feature with one of each kind of effect, for the test store's own tests.
struct Counter: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var fetched: Int?
    var isTimerRunning = false
    var entries: [Entry] = []
  }

  struct Entry: Equatable, Sendable {
    var value: Int
    var note = ""
  }

  enum Action: Equatable, Sendable {
    case incrementTapped
    case echoTapped
    case echoed
    case fetchTapped
    case fetched(Int)
    case timerStartTapped
    case timerTicked
    case timerStopTapped
    case entryAdded
    case noteChanged(index: Int, note: String)
    case failTapped
  }

  enum CancelID { case timer }

  @Dependency(\.number) var number
  @Dependency(\.clock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrementTapped:
      state.count += 1
      return .none
    case .echoTapped:
      return .send(.echoed)
    case .echoed:
      state.count += 10
      return .none
    case .fetchTapped:
      return .run { [count = state.count] send in
        await send(.fetched(try await number.fetch(count)))
      }
    case let .fetched(value):
      state.fetched = value
      return .none
    case .timerStartTapped:
      state.isTimerRunning = true
      return .run { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.timerTicked)
        }
      }
      .cancellable(id: CancelID.timer, cancelInFlight: true)
    case .timerTicked:
      state.count += 1
      return .none
    case .timerStopTapped:
      state.isTimerRunning = false
      return .cancel(id: CancelID.timer)
    case .entryAdded:
      state.entries.append(Entry(value: state.count))
      return .none
    case let .noteChanged(index, note):
      state.entries[index].note = note
      return .none
    case .failTapped:
      return .run { _ in throw CounterError.boom }
    }
  }
}
