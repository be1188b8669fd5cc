import Testing

@testable import Core

@MainActor
@Suite struct ScopeTests {
  @Test func scopedSendIsForwardedToTheRootReducer() {
    var received: [AppAction] = []
    let store = Store(initialState: AppState()) {
      Reduce<AppState, AppAction> { _, action in
        received.append(action)
        return .none
      }
      AppReducer()
    }
    let profileStore = store.scope(state: \.profile, action: AppAction.profile)
    profileStore.send(.nameChanged("Ada"))
    #expect(received == [.profile(.nameChanged("Ada"))])
    #expect(store.state.profile.name == "Ada")
    #expect(profileStore.state.name == "Ada")
  }

  @Test func childOfChildWrapsAtEachLevel() {
    let store = Store(initialState: Nested(level: 0)) { NestedReducer() }
    let depth3 = store.scope(state: \.child, action: NestedAction.child)
      .scope(state: \.child, action: NestedAction.child)
      .scope(state: \.child, action: NestedAction.child)
    depth3.send(.increment)
    #expect(store.state.child.child.child.count == 1)
    #expect(depth3.state.count == 1)
    #expect(store.state.count == 0)
  }

  @Test func observersOfScopedStoresAreNotifiedOnlyForTheirOwnChanges() {
    let store = Store(initialState: AppState()) { AppReducer() }
    let profile = Recorder(store.scope(state: \.profile, action: AppAction.profile))
    let orders = Recorder(store.scope(state: \.ordersModule, action: AppAction.orders))
    let name = Recorder(store.scope(state: \.profile.name))

    store.send(.unrelatedChanged)
    store.send(.orders(.orderPlaced))
    store.send(.profile(.addressChanged("1 Main St")))
    store.send(.profile(.nameChanged("Ada")))
    store.send(.profile(.nameChanged("Ada")))

    #expect(profile.values.map(\.name) == ["", "", "Ada"])
    #expect(profile.values.map(\.address) == ["", "1 Main St", "1 Main St"])
    #expect(orders.values.map(\.orderCount) == [0, 1, 1, 1])
    #expect(name.values == ["", "Ada"])
  }

  @Test func deduplicationHoldsAtEveryDepth() {
    let store = Store(initialState: Nested(level: 0)) { NestedReducer() }
    let depth1 = store.scope(state: \.child, action: NestedAction.child)
    let depth2 = depth1.scope(state: \.child, action: NestedAction.child)
    let depth3 = depth2.scope(state: \.child, action: NestedAction.child)
    let one = Recorder(depth1)
    let two = Recorder(depth2)
    let three = Recorder(depth3)

    store.send(.increment)  // root only
    depth1.send(.increment)  // depth 1 only
    depth3.send(.increment)  // depth 3, and so depth 1 and 2 change too
    depth3.send(.noop)  // nothing

    #expect(one.values.count == 3)
    #expect(two.values.count == 2)
    #expect(three.values.map(\.count) == [0, 1])
  }

  @Test func computedModuleStateWritesTheSharedProfileBack() {
    let store = Store(initialState: AppState()) { AppReducer() }
    let orders = store.scope(state: \.ordersModule, action: AppAction.orders)
    let profile = Recorder(store.scope(state: \.profile, action: AppAction.profile))

    orders.send(.useAddressAsDefault("2 Side St"))

    #expect(store.state.profile.address == "2 Side St")
    #expect(orders.state.profile.address == "2 Side St")
    #expect(profile.values.map(\.address) == ["", "2 Side St"])
  }

  @Test func scopeWithoutActionKeepsTheParentsActionAndIsCached() {
    let store = Store(initialState: AppState()) { AppReducer() }
    let first = store.scope(state: \.profile.name)
    let second = store.scope(state: \.profile.name)
    #expect(first === second)
    first.send(.profile(.nameChanged("Ada")))
    #expect(first.state == "Ada")
  }

  @Test func unobservedScopesAreFreedAndStayCorrectWhenRead() {
    let store = Store(initialState: AppState()) { AppReducer() }
    weak var released: Store<Profile, ProfileAction>?
    do {
      let child = store.scope(state: \.profile, action: AppAction.profile)
      released = child
    }
    #expect(released == nil)

    let child = store.scope(state: \.profile, action: AppAction.profile)
    store.send(.profile(.nameChanged("Ada")))
    #expect(child.state.name == "Ada")
    #expect(store.children.count > 0)  // reading registers it for Observation
  }

  @Test func scopingOnEveryRenderDoesNotPileUpScopes() {
    let store = Store(initialState: AppState()) { AppReducer() }
    for render in 0..<1_000 {
      // What a view does on each render: scope, read, let go.
      let child = store.scope(state: \.profile, action: AppAction.profile)
      #expect(child.state.name == (render == 0 ? "" : "\(render - 1)"))
      store.send(.profile(.nameChanged("\(render)")))
    }
    #expect(store.children.entries.count < 40)
    #expect(store.children.entries.allSatisfy { $0.store == nil })
  }

  @Test func optionalScopeStopsNotifyingAndDropsActionsWhenGone() {
    let store = Store(initialState: AppState()) { AppReducer() }
    #expect(store.scope(state: \.editor, action: AppAction.editor) == nil)
    store.send(.editorOpened)
    let editor = try! #require(store.scope(state: \.editor, action: AppAction.editor))
    let recorder = Recorder(editor)
    editor.send(.nameChanged("Draft"))
    #expect(store.state.editor?.name == "Draft")

    store.send(.editorClosed)
    let issues = collectingIssues {
      editor.send(.nameChanged("Lost"))
    }
    #expect(recorder.values.map(\.name) == ["", "Draft"])
    #expect(editor.state.name == "Draft")
    #expect(issues.count == 1)
    #expect(issues.first?.contains("editor") == true)
    #expect(issues.first?.contains("nameChanged(\"Lost\")") == true)
  }

  @Test func forEachElementStores() {
    let store = Store(initialState: AppState()) { AppReducer() }
    store.send(.rowAdded(1))
    store.send(.rowAdded(2))
    let row1 = try! #require(
      store.scope(state: \.rows[id: 1], action: { AppAction.row(id: 1, action: $0) }))
    let row2 = try! #require(
      store.scope(state: \.rows[id: 2], action: { AppAction.row(id: 2, action: $0) }))
    let one = Recorder(row1)
    let two = Recorder(row2)
    row2.send(.increment)
    row2.send(.increment)
    #expect(one.values.map(\.value) == [0])
    #expect(two.values.map(\.value) == [0, 1, 2])
    store.send(.rowRemoved(2))
    let issues = collectingIssues { row2.send(.increment) }
    #expect(issues.count == 1)
  }
}

struct Nested: Equatable, Sendable {
  var level: Int
  var count = 0
  private var box: [Nested] = []

  init(level: Int) {
    self.level = level
    if level < 5 { box = [Nested(level: level + 1)] }
  }

  var child: Nested {
    get { box.first ?? Nested(level: 99) }
    set { box = [newValue] }
  }
}

indirect enum NestedAction: Equatable, Sendable {
  case increment
  case noop
  case child(NestedAction)
}

struct NestedReducer: Reducer {
  func reduce(into state: inout Nested, action: NestedAction) -> Effect<NestedAction> {
    switch action {
    case .increment: state.count += 1
    case .noop: break
    case let .child(action):
      return reduce(into: &state.child, action: action).map(NestedAction.child)
    }
    return .none
  }
}
