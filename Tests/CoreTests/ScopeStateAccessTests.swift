import Testing

@testable import Core

/// `Scope` writes its child's state in place when the key path leads to stored properties, and
/// through the key path otherwise: each way must land the child's change where the key path
/// says, run property observers and setters, and leave the neighbours alone.
@MainActor
@Suite struct ScopeStateAccessTests {
  struct Counter: Reducer {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable { case add(Int) }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      guard case .add(let amount) = action else { return .none }
      state.count += amount
      return .none
    }
  }

  struct Inner: Equatable {
    var before = "b"
    var counter = Counter.State()
    var after = 7.5
  }

  struct Parent: Equatable {
    var flag = true
    var inner = Inner()
    var observed = Counter.State() {
      didSet { observedWrites += 1 }
    }
    var observedWrites = 0
    var computedWrites = 0
    var computed: Counter.State {
      get { inner.counter }
      set {
        inner.counter = newValue
        computedWrites += 1
      }
    }
  }

  enum Action: Equatable {
    case nested(Counter.Action)
    case observed(Counter.Action)
    case computed(Counter.Action)
  }

  struct Feature: Reducer {
    var body: some Reducer<Parent, Action> {
      Scope(state: \.inner.counter, action: Action.nested) { Counter() }
      Scope(state: \.observed, action: Action.observed) { Counter() }
      Scope(state: \.computed, action: Action.computed) { Counter() }
    }
  }

  @Test func aPathOfStoredPropertiesWritesTheChildInPlaceAndNothingElse() {
    #expect(MemoryLayout<Parent>.offset(of: \.inner.counter) != nil)
    let store = Store(initialState: Parent()) { Feature() }
    store.send(.nested(.add(3)))
    store.send(.nested(.add(4)))
    var expected = Parent()
    expected.inner.counter.count = 7
    #expect(store.state == expected)
  }

  @Test func aPropertyWithObserversIsWrittenThroughItsObserver() {
    #expect(MemoryLayout<Parent>.offset(of: \.observed) == nil)
    let store = Store(initialState: Parent()) { Feature() }
    store.send(.observed(.add(2)))
    store.send(.observed(.add(5)))
    #expect(store.state.observed.count == 7)
    #expect(store.state.observedWrites == 2)
    #expect(store.state.inner == Inner())
  }

  @Test func aComputedPropertyIsWrittenThroughItsSetter() {
    let store = Store(initialState: Parent()) { Feature() }
    store.send(.computed(.add(1)))
    store.send(.computed(.add(1)))
    #expect(store.state.inner.counter.count == 2)
    #expect(store.state.computedWrites == 2)
    #expect(store.state.observedWrites == 0)
  }
}
