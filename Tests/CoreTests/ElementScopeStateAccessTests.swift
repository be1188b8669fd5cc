import Testing

@testable import Core

/// The stores of a collection's elements follow the collection wherever the parent keeps it:
/// read in place when its key path leads to stored properties (at an offset past other fields
/// and beside a second collection of the same type), and through the key path otherwise (a
/// computed property, a property with observers).
@MainActor
@Suite struct ElementScopeStateAccessTests {
  struct Row: Equatable, Identifiable {
    let id: Int
    var value = 0
  }

  struct Inner: Equatable {
    var label = "inner"
    var first = IdentifiedArray<Row>()
    var second = IdentifiedArray<Row>()
  }

  struct State: Equatable {
    var title = "title"
    var inner = Inner()
    var observed = IdentifiedArray<Row>() {
      didSet { observedWrites += 1 }
    }
    var observedWrites = 0
    var computed: IdentifiedArray<Row> {
      get { inner.second }
      set { inner.second = newValue }
    }
  }

  enum Action: Equatable {
    case first(id: Int, action: Int)
    case second(id: Int, action: Int)
    case observed(id: Int, action: Int)
    case computed(id: Int, action: Int)
  }

  private func store() -> Store<State, Action> {
    var state = State()
    for id in 0..<3 {
      state.inner.first.append(Row(id: id))
      state.inner.second.append(Row(id: id))
      state.observed.append(Row(id: id))
    }
    return Store(initialState: state) {
      Reduce<State, Action> { state, action in
        switch action {
        case let .first(id, value): state.inner.first[id: id]?.value = value
        case let .second(id, value): state.inner.second[id: id]?.value = value
        case let .observed(id, value): state.observed[id: id]?.value = value
        case let .computed(id, value): state.computed[id: id]?.value = value
        }
        return .none
      }
    }
  }

  @Test func aNestedStoredCollectionIsFollowedAtItsOwnOffset() throws {
    #expect(MemoryLayout<State>.offset(of: \State.inner.second) != nil)
    let store = store()
    let first = try #require(store.scope(state: \.inner.first, id: 1, action: Action.first))
    let second = try #require(store.scope(state: \.inner.second, id: 1, action: Action.second))
    let firstValues = Recorder(first)
    let secondValues = Recorder(second)
    store.send(.second(id: 1, action: 5))
    store.send(.first(id: 1, action: 7))
    store.send(.second(id: 2, action: 9))
    #expect(secondValues.values.map(\.value) == [0, 5])
    #expect(firstValues.values.map(\.value) == [0, 7])
    #expect(second.state == Row(id: 1, value: 5))
    #expect(first.state == Row(id: 1, value: 7))
  }

  @Test func aCollectionWithObserversIsFollowedThroughItsKeyPath() throws {
    #expect(MemoryLayout<State>.offset(of: \State.observed) == nil)
    let store = store()
    let writesBefore = store.state.observedWrites
    let row = try #require(store.scope(state: \.observed, id: 0, action: Action.observed))
    let values = Recorder(row)
    store.send(.observed(id: 0, action: 3))
    store.send(.first(id: 0, action: 4))
    #expect(values.values.map(\.value) == [0, 3])
    #expect(store.state.observedWrites == writesBefore + 1)
  }

  @Test func aComputedCollectionIsFollowedThroughItsGetter() throws {
    #expect(MemoryLayout<State>.offset(of: \State.computed) == nil)
    let store = store()
    let row = try #require(store.scope(state: \.computed, id: 2, action: Action.computed))
    let values = Recorder(row)
    store.send(.second(id: 2, action: 6))
    store.send(.computed(id: 2, action: 8))
    store.send(.first(id: 2, action: 1))
    #expect(values.values.map(\.value) == [0, 6, 8])
    #expect(row.state == Row(id: 2, value: 8))
  }
}
