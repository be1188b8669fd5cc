import Testing

@testable import Core

/// Chains of key-path scopes (`root.scope(\.a).scope(\.b)`): a store scoped from a key-path
/// store derives from, sends to and registers with the nearest store it cannot skip, so a store
/// in between is visited only when it is observed itself. These tests pin down that nothing a
/// user sees changes: every store's value, its notifications, the actions the root reduces,
/// and the order observers hear of a change.
@MainActor
@Suite struct ScopeChainTests {
  struct Leaf: Equatable, Sendable {
    var value = 0
    var other = 0
  }

  struct Middle: Equatable, Sendable {
    var leaf = Leaf()
    var optionalLeaf: Leaf?
    var count = 0
    var computedLeaf: Leaf {
      get { leaf }
      set { leaf = newValue }
    }
  }

  struct State: Equatable, Sendable {
    var middle = Middle()
    var sibling = 0
  }

  enum LeafAction: Equatable, Sendable {
    case set(Int)
    case setOther(Int)
  }

  enum MiddleAction: Equatable, Sendable {
    case leaf(LeafAction)
    case optionalLeaf(LeafAction)
    case count
  }

  enum Action: Equatable, Sendable {
    case middle(MiddleAction)
    case sibling
    case showOptional(Bool)
  }

  static func reduce(_ state: inout State, _ action: Action) -> Effect<Action> {
    switch action {
    case .middle(.leaf(.set(let value))): state.middle.leaf.value = value
    case .middle(.leaf(.setOther(let value))): state.middle.leaf.other = value
    case .middle(.optionalLeaf(.set(let value))): state.middle.optionalLeaf?.value = value
    case .middle(.optionalLeaf(.setOther(let value))): state.middle.optionalLeaf?.other = value
    case .middle(.count): state.middle.count += 1
    case .sibling: state.sibling += 1
    case .showOptional(let isShown): state.middle.optionalLeaf = isShown ? Leaf() : nil
    }
    return .none
  }

  func makeStore(_ log: ReducedActions<Action> = ReducedActions()) -> Store<State, Action> {
    Store(initialState: State()) {
      Reduce { state, action in
        log.append(action)
        return Self.reduce(&state, action)
      }
    }
  }

  @Test func leafBelowAnUnobservedStoreIsExactAndDeduplicated() {
    let log = ReducedActions<Action>()
    let store = makeStore(log)
    let middle = store.scope(state: \.middle, action: Action.middle)
    let leaf = middle.scope(state: \.leaf, action: MiddleAction.leaf)
    let value = leaf.scope(state: \.value)
    let leafRecorder = Recorder(leaf)
    let valueRecorder = Recorder(value)

    value.send(.set(1))
    leaf.send(.setOther(2))
    store.send(.sibling)
    middle.send(.count)
    leaf.send(.set(1))

    // The root reduced each action embedded as the chain of scopes embeds it.
    #expect(
      log.actions == [
        .middle(.leaf(.set(1))), .middle(.leaf(.setOther(2))), .sibling, .middle(.count),
        .middle(.leaf(.set(1))),
      ])
    #expect(leafRecorder.values.map(\.value) == [0, 1, 1])
    #expect(leafRecorder.values.map(\.other) == [0, 0, 2])
    #expect(valueRecorder.values == [0, 1])
    // The leaves registered with the root, not with the store in between.
    #expect(middle.children.count == 0)
    #expect(store.children.count == 2)
    // The store in between was never observed, and still reads exactly.
    #expect(middle.state == Middle(leaf: Leaf(value: 1, other: 2), count: 1))
  }

  @Test func storeInBetweenObservedLaterIsNotifiedBeforeTheStoresBelowIt() {
    let store = makeStore()
    let middle = store.scope(state: \.middle, action: Action.middle)
    let leaf = middle.scope(state: \.leaf, action: MiddleAction.leaf)
    var events: [String] = []
    let subscriptions = [
      leaf.observe { events.append("leaf \($0.value)") },
      middle.observe { events.append("middle \($0.leaf.value)") },
    ]
    events.removeAll()

    leaf.send(.set(1))
    middle.send(.count)

    #expect(events == ["middle 1", "leaf 1", "middle 1"])
    withExtendedLifetime(subscriptions) {}
  }

  @Test func optionalLeafBelowAChainIsGoneWithItsState() {
    let store = makeStore()
    let middle = store.scope(state: \.middle, action: Action.middle)
    #expect(middle.scope(state: \.optionalLeaf, action: MiddleAction.optionalLeaf) == nil)
    store.send(.showOptional(true))
    let leaf = middle.scope(state: \.optionalLeaf, action: MiddleAction.optionalLeaf)!
    let recorder = Recorder(leaf)
    leaf.send(.set(3))
    store.send(.showOptional(false))
    let issues = collectingIssues { leaf.send(.set(4)) }

    #expect(recorder.values.map(\.value) == [0, 3])
    #expect(leaf.state.value == 3)
    #expect(issues.count == 1)
    #expect(issues.first?.contains("whose state is gone") == true)
    #expect(store.state.middle.optionalLeaf == nil)
  }

  /// A store scoped (by key path, keeping the action type) from an optional child's store
  /// forwards through that store's `send`, so it too stops once the optional is gone.
  @Test func aStoreScopedFromAnOptionalChildChecksThatTheChildIsThere() {
    let store = makeStore()
    store.send(.showOptional(true))
    let leaf = store.scope(state: \.middle, action: Action.middle)
      .scope(state: \.optionalLeaf, action: MiddleAction.optionalLeaf)!
    let value = leaf.scope(state: \.value)
    value.send(.set(5))
    #expect(store.state.middle.optionalLeaf?.value == 5)
    store.send(.showOptional(false))
    let issues = collectingIssues { value.send(.set(6)) }

    #expect(issues.count == 1)
    #expect(issues.first?.contains("whose state is gone") == true)
    #expect(issues.first?.contains("set(6)") == true)
    #expect(store.state.middle.optionalLeaf == nil)
  }

  @Test func computedPathsAreNotSkippedAndStayExact() {
    let store = makeStore()
    let middle = store.scope(state: \.middle, action: Action.middle)
    let leaf = middle.scope(state: \.computedLeaf, action: MiddleAction.leaf)
    let recorder = Recorder(leaf)
    leaf.send(.set(5))
    store.send(.sibling)

    #expect(recorder.values.map(\.value) == [0, 5])
    // A computed step is derived once, by the store it belongs to: the leaf registered there.
    #expect(middle.children.count == 1)
  }

  @Test func leafOutlivesTheStoresItWasScopedThrough() {
    let store = makeStore()
    var middle: Store<Middle, MiddleAction>? = store.scope(
      state: \.middle, action: Action.middle)
    let leaf = middle!.scope(state: \.leaf, action: MiddleAction.leaf)
    weak let released = middle
    middle = nil
    let recorder = Recorder(leaf)
    leaf.send(.set(7))

    #expect(released == nil)
    #expect(recorder.values.map(\.value) == [0, 7])
    #expect(store.state.middle.leaf.value == 7)
  }

  @Test func diagnosticsNameTheWholePath() {
    let store = makeStore()
    let leaf = store.scope(state: \.middle, action: Action.middle)
      .scope(state: \.optionalLeaf, action: MiddleAction.optionalLeaf)
    #expect(leaf == nil)
    store.send(.showOptional(true))
    let shown = store.scope(state: \.middle, action: Action.middle)
      .scope(state: \.optionalLeaf, action: MiddleAction.optionalLeaf)!
    store.send(.showOptional(false))
    let issues = collectingIssues { shown.send(.set(1)) }
    #expect(issues.first?.contains("middle.optionalLeaf") == true)
  }
}
