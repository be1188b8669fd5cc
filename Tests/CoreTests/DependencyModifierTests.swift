import Core
import CoreTesting
import Testing

struct Greeter: Sendable {
  var greeting: @Sendable () -> String
}

enum GreeterKey: DependencyKey {
  static let liveValue = Greeter { "hello" }
  static let testValue = Greeter { "test" }
}

extension DependencyValues {
  var greeter: Greeter {
    get { self[GreeterKey.self] }
    set { self[GreeterKey.self] = newValue }
  }
}

struct GreetingFeature: Reducer {
  struct State: Equatable, Sendable {
    var said: [String] = []
  }

  enum Action: Equatable, Sendable {
    case greet
    case greetLater
    case greeted(String)
  }

  @Dependency(\.greeter) var greeter

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .greet:
      state.said.append(greeter.greeting())
      return .none
    case .greetLater:
      return .run { [greeter] send in
        await send(.greeted(greeter.greeting()))
      }
    case let .greeted(text):
      state.said.append(text)
      return .none
    }
  }
}

struct GreetingPairFeature: Reducer {
  struct State: Equatable, Sendable {
    var plain = GreetingFeature.State()
    var french = GreetingFeature.State()
  }

  enum Action: Equatable, Sendable {
    case plain(GreetingFeature.Action)
    case french(GreetingFeature.Action)
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.plain, action: Action.plain) { GreetingFeature() }
    Scope(state: \.french, action: Action.french) {
      GreetingFeature()
        .dependency(\.greeter, Greeter { "bonjour" })
    }
  }
}

@MainActor
@Suite struct DependencyModifierTests {
  @Test func overridesTheDependencyForOneChildOnly() async {
    let store = TestStore(initialState: GreetingPairFeature.State()) { GreetingPairFeature() }

    await store.send(.plain(.greet)) { $0.plain.said = ["test"] }
    await store.send(.french(.greet)) { $0.french.said = ["bonjour"] }
  }

  @Test func theChildsEffectsKeepTheOverride() async {
    let store = TestStore(initialState: GreetingPairFeature.State()) { GreetingPairFeature() }

    await store.send(.french(.greetLater))
    await store.receive(.french(.greeted("bonjour"))) { $0.french.said = ["bonjour"] }
    await store.send(.plain(.greetLater))
    await store.receive(.plain(.greeted("test"))) { $0.plain.said = ["test"] }
  }

  @Test func winsOverTheTestsOverride() async {
    let store = TestStore(initialState: GreetingPairFeature.State()) {
      GreetingPairFeature()
    } withDependencies: {
      $0.greeter = Greeter { "hi" }
    }

    await store.send(.plain(.greet)) { $0.plain.said = ["hi"] }
    await store.send(.french(.greet)) { $0.french.said = ["bonjour"] }
  }

  @Test func worksInALiveStore() async {
    let store = Store(initialState: GreetingPairFeature.State()) { GreetingPairFeature() }

    store.send(.plain(.greet))
    store.send(.french(.greet))

    #expect(store.state.plain.said == ["hello"])
    #expect(store.state.french.said == ["bonjour"])
  }
}
