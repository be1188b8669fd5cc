import Core
import CoreTesting
import Testing

/// A list of counters shared with a stack of screens and a presented child.
struct SharedTally: Identifiable, Equatable, Sendable {
  var id: Int
  var count = 0
}

struct TallyScreen: Reducer {
  struct State: Equatable { var tally: SharedTally }
  enum Action: Equatable, Sendable {
    case incremented
    case timerStarted
    case ticked
  }
  @Dependency(\.clock) var clock
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incremented, .ticked:
      state.tally.count += 1
      return .none
    case .timerStarted:
      return .run { [clock] send in
        for await _ in clock.timer(interval: .seconds(1)) { await send(.ticked) }
      }
    }
  }
}

struct Tallies: Reducer {
  struct State: Equatable {
    var tallies: IdentifiedArrayOf<SharedTally> = []
    var path = StackState<Path.State>()
    @PresentationState var destination: Path.State? = nil
  }
  enum Action: Equatable, Sendable {
    case listIncremented(Int)
    case removed(Int)
    case bothIncremented(Int)
    case path(StackAction<Path.State, Path.Action>)
    case destination(PresentationAction<Path.Action>)
  }
  struct Path: Reducer {
    enum State: Equatable {
      case tally(TallyScreen.State)
      case other(Int)
    }
    enum Action: Equatable, Sendable { case tally(TallyScreen.Action) }
    var body: some Reducer<State, Action> {
      Scope(state: State.tally, action: Action.tally) { TallyScreen() }
    }
  }
  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case let .listIncremented(id):
        state.tallies[id: id]?.count += 1
        return .none
      case let .removed(id):
        state.tallies.remove(id: id)
        return .none
      case let .bothIncremented(id):
        state.tallies[id: id]?.count += 10
        for screen in state.path.ids {
          state.path[id: screen].modify(Path.State.tally) { $0.tally.count += 1 }
        }
        return .none
      case .path, .destination:
        return .none
      }
    }
    .forEach(\.path, action: Action.path) { Path() }
    .ifLet(\.$destination, action: Action.destination) { Path() }
    .share(\.tallies, with: \.path, in: Path.State.tally, at: \.tally)
    .share(\.tallies, with: \.destination, in: Path.State.tally, at: \.tally)
  }
}

@MainActor
@Suite struct ShareTests {
  typealias Screen = Tallies.Path.State

  static func screen(_ id: Int, _ count: Int = 0) -> Screen {
    .tally(TallyScreen.State(tally: SharedTally(id: id, count: count)))
  }

  @Test func aListEditReachesEveryScreenOfTheElement() async {
    let store = TestStore(
      initialState: Tallies.State(
        tallies: [SharedTally(id: 1), SharedTally(id: 2)],
        path: [Self.screen(1), .other(0), Self.screen(2), Self.screen(1)])
    ) {
      Tallies()
    }
    await store.send(.listIncremented(1)) {
      $0.tallies[id: 1]?.count = 1
      $0.path[id: 0] = Self.screen(1, 1)
      $0.path[id: 3] = Self.screen(1, 1)
    }
  }

  @Test func aScreensEditReachesTheListAndTheOtherScreensOfTheElement() async {
    let store = TestStore(
      initialState: Tallies.State(
        tallies: [SharedTally(id: 1)], path: [Self.screen(1), Self.screen(1)])
    ) {
      Tallies()
    }
    await store.send(.path(.element(id: 1, action: .tally(.incremented)))) {
      $0.tallies[id: 1]?.count = 1
      $0.path[id: 0] = Self.screen(1, 1)
      $0.path[id: 1] = Self.screen(1, 1)
    }
  }

  @Test func aScreensEditWinsOverTheListsInTheSameAction() async {
    let store = TestStore(
      initialState: Tallies.State(tallies: [SharedTally(id: 1)], path: [Self.screen(1)])
    ) {
      Tallies()
    }
    await store.send(.bothIncremented(1)) {
      $0.tallies[id: 1]?.count = 1
      $0.path[id: 0] = Self.screen(1, 1)
    }
  }

  @Test func removingAnElementPopsItsFirstScreenAndThoseAbove() async {
    let store = TestStore(
      initialState: Tallies.State(
        tallies: [SharedTally(id: 1), SharedTally(id: 2)],
        path: [Self.screen(2), Self.screen(1), Self.screen(2)])
    ) {
      Tallies()
    }
    await store.send(.removed(1)) {
      $0.tallies = [SharedTally(id: 2)]
      _ = $0.path.pop(from: 1)
    }
  }

  @Test func aPoppedScreensEffectsAreCancelled() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Tallies.State(tallies: [SharedTally(id: 1)], path: [Self.screen(1)])
    ) {
      Tallies()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.path(.element(id: 0, action: .tally(.timerStarted))))
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .tally(.ticked)))) {
      $0.tallies[id: 1]?.count = 1
      $0.path[id: 0] = Self.screen(1, 1)
    }
    await store.send(.removed(1)) {
      $0.tallies = []
      $0.path = []
    }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func aPresentedChildsEditReachesTheList() async {
    var state = Tallies.State(tallies: [SharedTally(id: 1)])
    state.destination = Self.screen(1)
    let store = TestStore(initialState: state) { Tallies() }
    await store.send(.destination(.presented(.tally(.incremented)))) {
      $0.tallies[id: 1]?.count = 1
      $0.destination = Self.screen(1, 1)
    }
    await store.send(.listIncremented(1)) {
      $0.tallies[id: 1]?.count = 2
      $0.destination = Self.screen(1, 2)
    }
  }

  @Test func removingAPresentedChildsElementDismissesItAndEndsItsEffects() async {
    let clock = TestClock()
    var state = Tallies.State(tallies: [SharedTally(id: 1)])
    state.destination = Self.screen(1)
    let store = TestStore(initialState: state) {
      Tallies()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.destination(.presented(.tally(.timerStarted))))
    await store.send(.removed(1)) {
      $0.tallies = []
      $0.destination = nil
    }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func anActionThatTouchesNoSharedStateChangesNothing() async {
    let store = TestStore(
      initialState: Tallies.State(tallies: [SharedTally(id: 1)], path: [Self.screen(1), .other(3)])
    ) {
      Tallies()
    }
    await store.send(.listIncremented(7))
  }
}

/// Two kinds of screens of one element, each kept by its own `share` of a chain.
struct TwoKindsOfTallyScreens: Reducer {
  struct State: Equatable {
    var tallies: IdentifiedArrayOf<SharedTally> = []
    var path = StackState<Path.State>()
  }
  enum Action: Equatable, Sendable { case path(StackAction<Path.State, Path.Action>) }
  struct Path: Reducer {
    enum State: Equatable {
      case first(TallyScreen.State)
      case second(TallyScreen.State)
    }
    enum Action: Equatable, Sendable {
      case first(TallyScreen.Action)
      case second(TallyScreen.Action)
    }
    var body: some Reducer<State, Action> {
      Scope(state: State.first, action: Action.first) { TallyScreen() }
      Scope(state: State.second, action: Action.second) { TallyScreen() }
    }
  }
  var body: some Reducer<State, Action> {
    EmptyReducer()
      .forEach(\.path, action: Action.path) { Path() }
      .share(\.tallies, with: \.path, in: Path.State.first, at: \.tally)
      .share(\.tallies, with: \.path, in: Path.State.second, at: \.tally)
  }
}

@MainActor
@Suite struct ShareChainTests {
  @Test func aChangeOnOneKindOfScreenReachesTheOtherKindInTheSameStep() async {
    let tally = SharedTally(id: 1)
    let store = TestStore(
      initialState: TwoKindsOfTallyScreens.State(
        tallies: [tally],
        path: [.first(TallyScreen.State(tally: tally)), .second(TallyScreen.State(tally: tally))])
    ) {
      TwoKindsOfTallyScreens()
    }
    let counted = SharedTally(id: 1, count: 1)
    await store.send(.path(.element(id: 1, action: .second(.incremented)))) {
      $0.tallies = [counted]
      $0.path[id: 0] = .first(TallyScreen.State(tally: counted))
      $0.path[id: 1] = .second(TallyScreen.State(tally: counted))
    }
    await store.send(.path(.element(id: 0, action: .first(.incremented)))) {
      $0.tallies[id: 1]?.count = 2
      $0.path[id: 0] = .first(TallyScreen.State(tally: SharedTally(id: 1, count: 2)))
      $0.path[id: 1] = .second(TallyScreen.State(tally: SharedTally(id: 1, count: 2)))
    }
  }
}

/// A pushed screen that presents an editor of its own tally, shared with it.
struct TallyDetail: Reducer {
  struct State: Equatable {
    var tally: SharedTally
    @PresentationState var editor: TallyScreen.State? = nil
  }
  enum Action: Equatable, Sendable {
    case editTapped
    case editor(PresentationAction<TallyScreen.Action>)
  }
  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .editTapped:
        state.editor = TallyScreen.State(tally: state.tally)
        return .none
      case .editor:
        return .none
      }
    }
    .ifLet(\.$editor, action: Action.editor) { TallyScreen() }
    .share(\.tally, with: \.editor, at: \.tally)
  }
}

/// A list whose stack of `TallyDetail`s shares its tallies.
struct TallyDetails: Reducer {
  struct State: Equatable {
    var tallies: IdentifiedArrayOf<SharedTally> = []
    var path = StackState<TallyDetail.State>()
  }
  enum Action: Equatable, Sendable {
    case removed(Int)
    case path(StackAction<TallyDetail.State, TallyDetail.Action>)
  }
  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case let .removed(id) = action { state.tallies.remove(id: id) }
      return .none
    }
    .forEach(\.path, action: Action.path) { TallyDetail() }
    .share(\.tallies, with: \.path, at: \.tally)
  }
}

@MainActor
@Suite struct ShareFromAScreenTests {
  @Test func anEditInASheetOfAPushedScreenReachesTheScreenAndTheList() async {
    let tally = SharedTally(id: 1)
    let store = TestStore(
      initialState: TallyDetails.State(tallies: [tally], path: [TallyDetail.State(tally: tally)])
    ) {
      TallyDetails()
    }
    await store.send(.path(.element(id: 0, action: .editTapped))) {
      $0.path[id: 0]?.editor = TallyScreen.State(tally: tally)
    }
    let counted = SharedTally(id: 1, count: 1)
    await store.send(.path(.element(id: 0, action: .editor(.presented(.incremented))))) {
      $0.path[id: 0]?.editor?.tally = counted
      $0.path[id: 0]?.tally = counted
      $0.tallies = [counted]
    }
    await store.send(.removed(1)) {
      $0.tallies = []
      $0.path = []
    }
  }

  @Test func aSheetWhoseCopyHasAnotherIDIsDismissed() async {
    var state = TallyDetail.State(tally: SharedTally(id: 1))
    state.editor = TallyScreen.State(tally: SharedTally(id: 2))
    let store = TestStore(initialState: state) { TallyDetail() }
    await store.send(.editor(.presented(.incremented))) { $0.editor = nil }
  }
}
