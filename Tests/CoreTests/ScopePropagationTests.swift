import TestSupport
import Testing

@testable import Core

/// How changes flow down the tree of scoped stores: exactness, laziness, and robustness
/// against observers that change the tree while it is being visited.
@MainActor
@Suite struct ScopePropagationTests {
  @Test func deepObserverHearsEachDistinctChangeOnce() {
    let store = Store(initialState: AppState()) { AppReducer() }
    let module = store.scope(state: \.ordersModule, action: AppAction.orders)
    let profile = module.scope(state: \.profile)
    let name = profile.scope(state: \.name)
    let recorder = Recorder(name)
    store.send(.unrelatedChanged)
    store.send(.orders(.orderPlaced))
    store.send(.profile(.addressChanged("Main St")))
    store.send(.profile(.nameChanged("Ada")))
    store.send(.profile(.nameChanged("Ada")))
    store.send(.profile(.nameChanged("Grace")))
    #expect(recorder.values == ["", "Ada", "Grace"])
  }

  @Test func computedModuleStateSeesTheSharedProfile() {
    let store = Store(initialState: AppState()) { AppReducer() }
    let module = store.scope(state: \.ordersModule, action: AppAction.orders)
    let recorder = Recorder(module)
    store.send(.profile(.nameChanged("Ada")))
    module.send(.useAddressAsDefault("Main St"))
    #expect(store.state.profile.address == "Main St")
    #expect(recorder.values.map(\.profile.name) == ["", "Ada", "Ada"])
    #expect(recorder.values.last?.profile.address == "Main St")
  }

  @Test func readOnlyScopesAreCached() {
    let store = Store(initialState: AppState()) { AppReducer() }
    #expect(store.scope(state: \.profile) === store.scope(state: \.profile))
  }

  @Test func unobservedStoresRefreshWhenRead() {
    let store = Store(initialState: AppState()) { AppReducer() }
    let profile = store.scope(state: \.profile, action: AppAction.profile)
    store.send(.profile(.nameChanged("Ada")))
    #expect(profile.state.name == "Ada")
    #expect(store.children.count == 1)  // read, so registered from now on
    store.send(.profile(.nameChanged("Grace")))
    #expect(profile.current.name == "Grace")
  }

  @Test func optionalScopeKeepsItsLastValueOnceGone() throws {
    let store = Store(initialState: AppState()) { AppReducer() }
    #expect(store.scope(state: \.editor, action: AppAction.editor) == nil)
    store.send(.profile(.nameChanged("Ada")))
    store.send(.editorOpened)
    let editor = try #require(store.scope(state: \.editor, action: AppAction.editor))
    let recorder = Recorder(editor)
    editor.send(.nameChanged("Grace"))
    store.send(.editorClosed)
    #expect(editor.state.name == "Grace")
    let issues = collectingIssues { editor.send(.nameChanged("Lost")) }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("\\AppState.editor") == true)
    #expect(recorder.values.map(\.name) == ["Ada", "Grace"])
  }

  @Test func observerMayCancelAnotherSubscriptionWhileChangesPropagate() {
    let store = Store(initialState: AppState()) { AppReducer() }
    let first = store.scope(state: \.profile, action: AppAction.profile)
    let second = store.scope(state: \.ordersModule, action: AppAction.orders)
    let third = store.scope(state: \.profile.name)
    var heard: [String] = []
    let others = SubscriptionBox()
    let subscription = first.observe { profile in
      heard.append("first \(profile.name)")
      for other in others.subscriptions { other.cancel() }
    }
    others.subscriptions.append(second.observe { heard.append("second \($0.profile.name)") })
    others.subscriptions.append(third.observe { heard.append("third \($0)") })
    store.send(.profile(.nameChanged("Ada")))
    store.send(.profile(.nameChanged("Grace")))
    #expect(heard == ["first ", "second ", "third ", "first Ada", "first Grace"])
    #expect(store.children.count == 1)
    withExtendedLifetime(subscription) {}
  }

  @Test func observerMayScopeAndObserveWhileChangesPropagate() {
    let store = Store(initialState: AppState()) { AppReducer() }
    let profile = store.scope(state: \.profile, action: AppAction.profile)
    var late: [Recorder<String>] = []
    let subscription = profile.observe { _ in
      late.append(Recorder(store.scope(state: \.profile.name)))
    }
    store.send(.profile(.nameChanged("Ada")))
    store.send(.profile(.nameChanged("Grace")))
    #expect(late.map(\.values) == [["", "Ada", "Grace"], ["Ada", "Grace"], ["Grace"]])
    withExtendedLifetime(subscription) {}
  }

  @Test func manyChildrenRegisterAndLeaveInAnyOrder() {
    let store = Store(initialState: AppState()) { AppReducer() }
    var heard = Array(repeating: 0, count: 60)
    var subscriptions: [StoreSubscription?] = (0..<60).map { index in
      store.scope(state: \.profile, action: AppAction.profile).observe { _ in heard[index] += 1 }
    }
    #expect(store.children.count == 60)
    var generator = SplitMix64(seed: 3)
    let leaving = Array(0..<60).shuffled(using: &generator).prefix(45)
    for index in leaving { subscriptions[index] = nil }
    #expect(store.children.count == 15)
    store.send(.profile(.nameChanged("Ada")))
    for index in 0..<60 {
      #expect(heard[index] == (leaving.contains(index) ? 1 : 2), "store \(index)")
    }
    subscriptions = []
    #expect(store.children.count == 0)
    store.send(.profile(.nameChanged("Grace")))
    #expect(heard.allSatisfy { $0 <= 2 })
  }

  @Test func scopedStoreKeepsItsParentAlive() {
    weak var weakRoot: Store<AppState, AppAction>?
    var profile: Store<Profile, ProfileAction>?
    do {
      let store = Store(initialState: AppState()) { AppReducer() }
      weakRoot = store
      profile = store.scope(state: \.profile, action: AppAction.profile)
    }
    #expect(weakRoot != nil)
    profile?.send(.nameChanged("Ada"))
    #expect(profile?.state.name == "Ada")
    profile = nil
    #expect(weakRoot == nil)
  }
}

@MainActor
final class SubscriptionBox {
  var subscriptions: [StoreSubscription] = []
}
