import Core

/// A number, for the dependency tests: read in the reducer and in assertion closures.
enum StampKey: DependencyKey {
  static let liveValue = -1
  static let testValue = 0
}

extension DependencyValues {
  var stamp: Int {
    get { self[StampKey.self] }
    set { self[StampKey.self] = newValue }
  }
}

/// A feature over a bare number whose actions feed others back, for the tests of what a test
/// store's state and pending actions are between assertions.
struct Relay: Reducer {
  enum Action: Equatable, Sendable {
    /// Sets 1 and feeds back `.secondArrived` at once.
    case firstTapped
    /// Sets 2.
    case secondArrived
    /// Adds 10.
    case addTapped
    /// Changes nothing.
    case idleTapped
    /// Changes nothing and feeds back `.idleArrived` at once.
    case idleRelayTapped
    /// Changes nothing.
    case idleArrived
    /// Sets the `\.stamp` dependency and feeds back `.stampArrived` at once.
    case stampTapped
    /// Sets the `\.stamp` dependency plus one.
    case stampArrived
    /// Starts a timer on `\.clock` that ticks every second.
    case timerStarted
    /// Adds 1.
    case timerTicked
  }

  @Dependency(\.stamp) var stamp
  @Dependency(\.clock) var clock

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .firstTapped:
      state = 1
      return .send(.secondArrived)
    case .secondArrived:
      state = 2
      return .none
    case .addTapped:
      state += 10
      return .none
    case .idleTapped, .idleArrived:
      return .none
    case .idleRelayTapped:
      return .send(.idleArrived)
    case .stampTapped:
      state = stamp
      return .send(.stampArrived)
    case .stampArrived:
      state = stamp + 1
      return .none
    case .timerStarted:
      return .run { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.timerTicked)
        }
      }
    case .timerTicked:
      state += 1
      return .none
    }
  }
}
