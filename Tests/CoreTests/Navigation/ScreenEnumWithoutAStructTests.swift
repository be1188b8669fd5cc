import Core
import CoreTesting
import Testing

/// An enum of screens declared as two enums in a namespace, with no reducer struct: the
/// stack's and the presentation's operators take one `Scope` per case directly.
enum CounterScreens {
  enum State: Equatable, Sendable {
    case counter(Counter.State)
    case other(Counter.State)
  }
  enum Action: Equatable, Sendable {
    case counter(Counter.Action)
    case other(Counter.Action)
  }
}

struct ScreensWithoutAStruct: Reducer {
  struct State: Equatable, Sendable {
    var path = StackState<CounterScreens.State>()
    @PresentationState var destination: CounterScreens.State? = nil
  }
  enum Action: Equatable, Sendable {
    case path(StackAction<CounterScreens.State, CounterScreens.Action>)
    case destination(PresentationAction<CounterScreens.Action>)
    case destinationSwapped
  }
  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .destinationSwapped:
        state.destination = .other(Counter.State())
        return .none
      case .path, .destination:
        return .none
      }
    }
    .forEach(\.path, action: Action.path) {
      Scope(state: CounterScreens.State.counter, action: CounterScreens.Action.counter) {
        Counter()
      }
      Scope(state: CounterScreens.State.other, action: CounterScreens.Action.other) { Counter() }
    }
    .ifLet(\.$destination, action: Action.destination) {
      Scope(state: CounterScreens.State.counter, action: CounterScreens.Action.counter) {
        Counter()
      }
      Scope(state: CounterScreens.State.other, action: CounterScreens.Action.other) { Counter() }
    }
  }
}

@MainActor
@Suite struct ScreenEnumWithoutAStructTests {
  @Test func eachCaseIsRoutedToItsFeature() async {
    let store = TestStore(
      initialState: ScreensWithoutAStruct.State(path: [.counter(.init()), .other(.init())])
    ) {
      ScreensWithoutAStruct()
    }
    await store.send(.path(.element(id: 0, action: .counter(.increment)))) {
      $0.path[id: 0] = .counter(Counter.State(count: 1))
    }
    await store.send(.path(.element(id: 1, action: .other(.increment)))) {
      $0.path[id: 1] = .other(Counter.State(count: 1))
    }
  }

  @Test func aPoppedScreensWorkEnds() async {
    let clock = TestClock()
    let store = TestStore(initialState: ScreensWithoutAStruct.State(path: [.counter(.init())])) {
      ScreensWithoutAStruct()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.path(.element(id: 0, action: .counter(.startTimer))))
    await store.send(.path(.popFrom(id: 0))) { $0.path = [] }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func anotherCaseOfTheDestinationIsANewChildWhoseWorkStartsAfresh() async {
    let clock = TestClock()
    var state = ScreensWithoutAStruct.State()
    state.destination = .counter(Counter.State())
    let store = TestStore(initialState: state) {
      ScreensWithoutAStruct()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.destination(.presented(.counter(.startTimer))))
    await store.send(.destinationSwapped) { $0.destination = .other(Counter.State()) }
    await clock.advance(by: .seconds(3))  // the first case's timer ended with it
    await store.finish()
  }

  @Test func aPresentedCaseIsRoutedAndDismissedWithItsWork() async {
    let clock = TestClock()
    var state = ScreensWithoutAStruct.State()
    state.destination = .other(Counter.State())
    let store = TestStore(initialState: state) {
      ScreensWithoutAStruct()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.destination(.presented(.other(.startTimer))))
    await clock.advance(by: .seconds(1))
    await store.receive(.destination(.presented(.other(.tick)))) {
      $0.destination = .other(Counter.State(count: 1))
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }
}
