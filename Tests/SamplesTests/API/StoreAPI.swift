import Core
import Orders
import Testing

// The examples in the doc comments of Store.swift, Store+Scope.swift, Store+Observe.swift and
// StoreOf.swift.

enum StoreDocs {
  struct ProfileFeature: Reducer {
    struct State: Equatable, Sendable { var name = "" }
    enum Action: Equatable, Sendable { case nameChanged(String) }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .nameChanged(name):
        state.name = name
        return .none
      }
    }
  }

  struct AppState: Equatable { var profile = ProfileFeature.State() }
  enum AppAction: Equatable { case profile(ProfileFeature.Action) }

  struct AppFeature: Reducer {
    typealias State = AppState
    typealias Action = AppAction

    var body: some Reducer<State, Action> {
      Scope(state: \.profile, action: Action.profile) { ProfileFeature() }
    }
  }

  /// What a UI shows: the lines it drew.
  @MainActor
  final class Output {
    var lines: [String] = []

    func render(_ store: StoreOf<ProfileFeature>) {
      lines.append("Name: \(store.state.name)")
    }
  }

  @MainActor
  @Test static func theRootReducesWhatAScopedStoreSends() {
    let store = Store(initialState: AppFeature.State()) {
      AppFeature()
    } withDependencies: {
      $0.ordersClient = .simulated(stepDuration: .zero)
    }
    store.send(.profile(.nameChanged("Ada")))
    let name = store.state.profile.name  // "Ada"
    #expect(name == "Ada")

    let appStore = store
    let profileStore = appStore.scope(state: \.profile, action: AppAction.profile)
    profileStore.send(.nameChanged("Ada"))  // the root reduces .profile(.nameChanged("Ada"))
    let nameStore = profileStore.scope(state: \.name)
    profileStore.send(.nameChanged("Ada L."))
    #expect(nameStore.state == "Ada L.")

    let output = Output()
    output.render(profileStore)
    #expect(output.lines == ["Name: Ada L."])
  }

  @MainActor
  @Test static func observersGetEachDistinctState() async {
    let appStore = Store(initialState: AppState(profile: .init(name: "Ada"))) { AppFeature() }
    let profileStore = appStore.scope(state: \.profile, action: AppAction.profile)
    let output = Output()
    func render(_ profile: ProfileFeature.State) { output.lines.append(profile.name) }

    let subscription = profileStore.observe { profile in
      render(profile)
    }
    profileStore.send(.nameChanged("Ada"))
    profileStore.send(.nameChanged("Ada L."))
    #expect(output.lines == ["Ada", "Ada L."])
    subscription.cancel()
  }

  @MainActor
  @Test static func statesPrintsEachDistinctState() async throws {
    let appStore = Store(initialState: AppState(profile: .init(name: "Ada"))) { AppFeature() }
    let profileStore = appStore.scope(state: \.profile, action: AppAction.profile)
    let output = Output()
    func print(_ line: String) { output.lines.append(line) }

    let task = Task {
      for await profile in profileStore.states {
        print(profile.name)
      }
    }
    for _ in 0..<1_000 where output.lines.isEmpty { try await Task.sleep(for: .milliseconds(1)) }
    profileStore.send(.nameChanged("Ada L."))
    for _ in 0..<1_000 where output.lines.count < 2 { try await Task.sleep(for: .milliseconds(1)) }
    task.cancel()
    #expect(output.lines == ["Ada", "Ada L."])
  }
}
