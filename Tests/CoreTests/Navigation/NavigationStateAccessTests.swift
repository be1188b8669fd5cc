import Testing

@testable import Core

/// The presentation and stack reducers, and the stores scoped to a presented child, reach their
/// state in place when the key path leads to stored properties, and through the key path
/// otherwise: either way the child's change lands, and a property's observers and setters run.
@MainActor
@Suite struct NavigationStateAccessTests {
  struct State: Equatable {
    var storedSheet = PresentationState<Counter.State>()
    var observedPath = StackState<Counter.State>() {
      didSet { pathWrites += 1 }
    }
    var pathWrites = 0
    var sheetWrites = 0
    var backingSheet = PresentationState<Counter.State>()
    var computedSheet: PresentationState<Counter.State> {
      get { backingSheet }
      set {
        backingSheet = newValue
        sheetWrites += 1
      }
    }
  }

  enum Action: Equatable {
    case stored(PresentationAction<Counter.Action>)
    case computed(PresentationAction<Counter.Action>)
    case path(StackAction<Counter.State, Counter.Action>)
  }

  struct Feature: Reducer {
    var body: some Reducer<State, Action> {
      EmptyReducer()
        .ifLet(\.storedSheet, action: Action.stored) { Counter() }
        .ifLet(\.computedSheet, action: Action.computed) { Counter() }
        .forEach(\.observedPath, action: Action.path) { Counter() }
    }
  }

  @Test func aStoredPresentationIsReducedInPlace() {
    #expect(MemoryLayout<State>.offset(of: \.storedSheet) != nil)
    var state = State()
    state.storedSheet.wrappedValue = Counter.State()
    let store = Store(initialState: state) { Feature() }
    store.send(.stored(.presented(.increment)))
    store.send(.stored(.presented(.increment)))
    #expect(store.state.storedSheet.wrappedValue?.count == 2)
    #expect(store.state.backingSheet.wrappedValue == nil)
  }

  @Test func aComputedPresentationIsWrittenThroughItsSetter() {
    var state = State()
    state.backingSheet.wrappedValue = Counter.State()
    let store = Store(initialState: state) { Feature() }
    store.send(.computed(.presented(.increment)))
    #expect(store.state.backingSheet.wrappedValue?.count == 1)
    #expect(store.state.sheetWrites == 1)
    #expect(store.state.storedSheet.wrappedValue == nil)
  }

  @Test func aPresentedChildsStoreFollowsAStoredPresentation() throws {
    try expectChildStoreFollows(\.storedSheet, Action.stored, besides: Action.computed)
  }

  @Test func aPresentedChildsStoreFollowsAComputedPresentation() throws {
    try expectChildStoreFollows(\.computedSheet, Action.computed, besides: Action.stored)
  }

  /// Both sheets presented, the other one at 10; the store of the one at `path` sees its own
  /// two changes, not the other sheet's.
  private func expectChildStoreFollows(
    _ path: WritableKeyPath<State, PresentationState<Counter.State>>,
    _ action: @escaping (PresentationAction<Counter.Action>) -> Action,
    besides other: (PresentationAction<Counter.Action>) -> Action
  ) throws {
    var state = State()
    state.storedSheet.wrappedValue = Counter.State(count: 10)
    state.backingSheet.wrappedValue = Counter.State(count: 10)
    state[keyPath: path].wrappedValue = Counter.State()
    let store = Store(initialState: state) { Feature() }
    let child = try #require(store.scope(state: path, action: action))
    var seen: [Int] = []
    let subscription = child.observe { seen.append($0.count) }
    child.send(.increment)
    store.send(other(.presented(.increment)))
    child.send(.increment)
    #expect(seen == [0, 1, 2])
    subscription.cancel()
  }

  @Test func anObservedStackIsWrittenThroughItsObserver() throws {
    #expect(MemoryLayout<State>.offset(of: \.observedPath) == nil)
    var state = State()
    state.observedPath.append(Counter.State())
    let writesBefore = state.pathWrites
    let id = try #require(state.observedPath.ids.first)
    let store = Store(initialState: state) { Feature() }
    store.send(.path(.element(id: id, action: .increment)))
    #expect(store.state.observedPath[id: id]?.count == 1)
    #expect(store.state.pathWrites == writesBefore + 1)
  }
}
